import { z } from 'zod/mini';
import {
  ZActivationWindow,
  ZActivity,
  ZBusinessAttributes,
  ZPlatform,
  ZService,
  ZUserTypeSlug,
  type TService,
} from './catalog.ts';
import { ZId, ZIsoDate, ZIsoDateTime, ZLocalized, ZSlug, freeText, int, plainText } from './common.ts';

/*
 * The services themselves, for the people who run them (issue 26, part 5; decision 069): a service's settings (on or
 * off with a note, its activation window and dates, where it shows, its texts, papers and fee) and its forms (the
 * activities), each write a new version of the service, recorded with who made it and when.
 */

/** One language's texts the settings edit (the steps, terms and FAQ stay as they are). */
export const ZServiceTextsEdit = z.strictObject({
  serviceLabel: plainText(1, 120),
  description: freeText(1, 2000),
  requiredPapers: z.array(plainText(1, 300)).check(z.maxLength(30)),
  /** Why the service is off: shown on its page while `deactivated`; required then, in both languages. */
  deactivationNote: freeText(0, 500),
});
export type TServiceTextsEdit = z.infer<typeof ZServiceTextsEdit>;

const platforms = z.array(ZPlatform).check(z.maxLength(2));

/** A service's settings, the whole of them, with the version they were read at (a stale one: 409 SERVICE_CHANGED). */
export const ZServiceSettings = z
  .strictObject({
    version: int(1),
    deactivated: z.boolean(),
    fromDate: z.nullable(ZIsoDate),
    toDate: z.nullable(ZIsoDate),
    activation: ZActivationWindow,
    hiddenOn: platforms,
    disabledOn: platforms,
    /** The citizens' user types that may see and file it (decision 074); empty: every one, and visitors. */
    userTypes: z.array(ZUserTypeSlug).check(z.maxLength(10)),
    cost: ZBusinessAttributes.shape.cost,
    payMethods: ZBusinessAttributes.shape.payMethods.check(z.maxLength(2)),
    texts: z.strictObject({ ar: ZServiceTextsEdit, en: ZServiceTextsEdit }),
  })
  .check(
    z.refine((s) => (s.fromDate === null) === (s.toDate === null), { message: 'required', path: ['toDate'] }),
    z.refine((s) => s.fromDate === null || s.toDate === null || s.toDate >= s.fromDate, {
      message: 'max-less-min',
      path: ['toDate'],
    }),
    z.refine((s) => !s.deactivated || s.texts.ar.deactivationNote !== '', {
      message: 'required',
      path: ['texts', 'ar', 'deactivationNote'],
    }),
    z.refine((s) => !s.deactivated || s.texts.en.deactivationNote !== '', {
      message: 'required',
      path: ['texts', 'en', 'deactivationNote'],
    }),
  );
export type TServiceSettings = z.infer<typeof ZServiceSettings>;

/** The settings of a service as stored (what its editor opens with), without the version. */
export function settingsOf(
  s: Pick<
    TService,
    | 'deactivated'
    | 'fromDate'
    | 'toDate'
    | 'activation'
    | 'hiddenOn'
    | 'disabledOn'
    | 'userTypes'
    | 'businessAttributes'
    | 'translations'
  >,
): Omit<TServiceSettings, 'version'> {
  const texts = (lang: 'ar' | 'en') => ({
    serviceLabel: s.translations[lang].serviceLabel,
    description: s.translations[lang].description,
    requiredPapers: s.translations[lang].requiredPapers,
    deactivationNote: s.translations[lang].deactivationNote ?? '',
  });
  return {
    deactivated: s.deactivated,
    fromDate: s.fromDate,
    toDate: s.toDate,
    activation: s.activation,
    hiddenOn: s.hiddenOn,
    disabledOn: s.disabledOn,
    userTypes: s.userTypes ?? [],
    cost: s.businessAttributes.cost,
    payMethods: s.businessAttributes.payMethods,
    texts: { ar: texts('ar'), en: texts('en') },
  };
}

/** A new version of a service's forms: every activity, in order (the first is the one a request is filed with). */
export const ZServiceFormBody = z.strictObject({
  version: int(1),
  activities: z.array(ZActivity).check(z.minLength(1), z.maxLength(20)),
});
export type TServiceFormBody = z.infer<typeof ZServiceFormBody>;

/** One recorded change of a service: who, what (the settings' or the form's names that changed), when, which version it made. */
export const ZCatalogChange = z.object({
  id: ZId,
  at: ZIsoDateTime,
  version: int(1),
  kind: z.enum(['settings', 'form']),
  fields: z.array(z.string()),
  actor: z.object({ id: ZId, name: z.string() }),
});
export type TCatalogChange = z.infer<typeof ZCatalogChange>;

/** A citizens' user type a service may be limited to (the settings' choices): its slug and its name. */
export const ZUserTypeChoice = z.object({ userSlug: ZUserTypeSlug, label: ZLocalized });
export type TUserTypeChoice = z.infer<typeof ZUserTypeChoice>;

/**
 * The service as its editor reads it: the stored definition (both languages), its latest changes, and the
 * citizens' user types it may be limited to.
 */
export const ZCatalogServiceAdmin = z.object({
  service: ZService,
  changes: z.array(ZCatalogChange),
  userTypes: z.array(ZUserTypeChoice),
});
export type TCatalogServiceAdmin = z.infer<typeof ZCatalogServiceAdmin>;

/** A row of the services list the people who run them see. */
export const ZCatalogServiceRow = z.object({
  id: ZId,
  serviceSlug: ZSlug,
  label: ZLocalized,
  deactivated: z.boolean(),
  isActive: z.boolean(),
  hiddenOn: z.array(ZPlatform),
  /** The user types it is limited to (empty: every one). */
  userTypes: z.array(ZUserTypeSlug),
  version: int(1),
  updatedAt: ZIsoDateTime,
});
export type TCatalogServiceRow = z.infer<typeof ZCatalogServiceRow>;

/** A service's forms as they were at one version: what a request filed then is shown and completed with. */
export const ZServiceFormVersion = z.object({
  serviceSlug: ZSlug,
  version: int(1),
  activities: z.array(ZActivity),
});
export type TServiceFormVersion = z.infer<typeof ZServiceFormVersion>;
