import { z } from 'zod/mini';
import { ZActivationWindow, ZBusinessAttributes, ZServiceCard, ZServiceTexts } from './catalog.ts';
import { ZIsoDate } from './common.ts';
import { routes } from './routes.ts';

/*
 * The page form of findOne (decision 033), apart from `routes.ts`: only the service page reads it, so the home
 * page does not carry its schema (quality.md budget; vite.config.ts keeps this file out of the shared `app` chunk).
 */

/** A service as its page shows it (`/services/{serviceSlug}`): the card, its dates and its texts in one language. */
export const ZServicePage = z.object({
  ...ZServiceCard.shape,
  businessAttributes: ZBusinessAttributes,
  texts: ZServiceTexts,
  allowAnonymous: z.boolean(),
  release: ZIsoDate,
  fromDate: z.nullable(ZIsoDate),
  toDate: z.nullable(ZIsoDate),
  activation: ZActivationWindow,
});
export type TServicePage = z.infer<typeof ZServicePage>;

/** findOne as the service page calls it: the answer parsed against the page form. */
export const servicePageRead = { ...routes.serviceFindOne, response: ZServicePage };
