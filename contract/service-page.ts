import { z } from 'zod/mini';
import { ZActivationWindow, ZBusinessAttributes, ZServiceCard, ZServiceTexts } from './catalog.ts';
import { ZIsoDate, ZLang } from './common.ts';
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
  /** The service's guided-tour steps (spec section 3 `tour`), texts in the page's language (decision 073). */
  tour: z.array(z.object({ selector: z.string(), text: z.string() })),
});
export type TServicePage = z.infer<typeof ZServicePage>;

/**
 * findOne as the service page calls it: `view=page` and the language required, so that the answer's type (the
 * page form) is the answer the call gets.
 */
export const servicePageRead = {
  ...routes.serviceFindOne,
  query: z.object({ view: z.literal('page'), lang: ZLang }),
  response: ZServicePage,
};
