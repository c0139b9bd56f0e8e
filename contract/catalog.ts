import { z } from 'zod/mini';
import { ZId, ZImage, ZIsoDate, ZIsoDateTime, ZLocalized, ZSlug, int, nonEmpty } from './common.ts';
import { ZFieldsSchema } from './fields.ts';

export * from './fields.ts';

const opt = z.optional;

/* ---------------------------------------------------------------------------------------------------------- */

export const ZActivityStep = z.strictObject({ stepId: nonEmpty(), label: ZLocalized, fieldsSchema: ZFieldsSchema });

/** An activity is a form the citizen or staff fills at one point of the workflow (e.g. apply, pay, rate). */
export const ZActivity = z.strictObject({
  activityId: nonEmpty(),
  label: ZLocalized,
  actor: z.enum(['citizen', 'employee', 'any']),
  steps: z.array(ZActivityStep).check(z.minLength(1)),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZWorkflowStatus = z.strictObject({
  id: nonEmpty(),
  label: ZLocalized,
  final: opt(z.boolean()),
  /** Activity the citizen performs in this status (e.g. pay), if any. */
  activityId: opt(z.string()),
});

export const ZWorkflow = z
  .strictObject({
    initialStatus: z.string(),
    statuses: z.array(ZWorkflowStatus).check(z.minLength(1)),
    transitions: z.array(z.strictObject({ from: z.string(), to: z.string(), roles: opt(z.array(z.string())) })),
  })
  .check(
    z.superRefine((w, ctx) => {
      const ids = new Set(w.statuses.map((s) => s.id));
      if (!ids.has(w.initialStatus)) ctx.addIssue({ code: 'custom', message: 'unknown initialStatus', path: ['initialStatus'] });
      w.transitions.forEach((t, i) => {
        if (!ids.has(t.from) || !ids.has(t.to))
          ctx.addIssue({ code: 'custom', message: 'transition names an unknown status', path: ['transitions', i] });
      });
    }),
  );
export type TWorkflow = z.infer<typeof ZWorkflow>;

export const ZStage = z.strictObject({
  stageId: z.string(),
  label: ZLocalized,
  statuses: z.array(z.string()).check(z.minLength(1)),
  days: int(0),
});

/** Activation window kinds of spec section 3. */
export const ZActivationWindow = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('permanent') }),
  z.strictObject({ kind: z.literal('until'), date: ZIsoDate }),
  z
    .strictObject({ kind: z.literal('monthly'), minDay: int(1, 31), maxDay: int(1, 31), month: z.enum(['this', 'next']) })
    .check(z.refine((w) => w.maxDay >= w.minDay, { message: 'max-less-min', path: ['maxDay'] })),
  z.strictObject({ kind: z.literal('afterDelay'), delayDays: int(0) }),
]);
export type TActivationWindow = z.infer<typeof ZActivationWindow>;

export const ZFaqPair = z.strictObject({ question: nonEmpty(), answer: nonEmpty() });

/** The language-dependent texts of a service. */
export const ZServiceTexts = z.strictObject({
  serviceLabel: nonEmpty(),
  description: nonEmpty(),
  steps: z.array(nonEmpty()),
  requiredPapers: z.array(nonEmpty()),
  terms: z.array(nonEmpty()),
  faq: z.array(ZFaqPair),
  costNote: opt(z.string()),
  /** Why the service takes no requests now (set with `deactivated` by the people who run it, issue 26). */
  deactivationNote: opt(z.string()),
});

export const ZBusinessAttributes = z.strictObject({
  cost: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('free') }),
    z.strictObject({ kind: z.literal('paid'), amount: opt(z.number().check(z.gte(0))) }),
  ]),
  payMethods: z.array(z.enum(['online', 'office'])),
  numberOfSteps: int(1),
  numberOfDays: int(0),
  video: opt(z.string()),
});

export const PLATFORMS = ['web', 'mobile'] as const;
export const ZPlatform = z.enum(PLATFORMS);

/** A user type's `userSlug` (the user types are data: `user_types`; citizens' kinds are `citizen` and `company`). */
export const ZUserTypeSlug = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

export const ZServiceDictionaryEntry = z.strictObject({ code: z.string(), label: ZLocalized });

/** A service as stored and as served (spec section 3 "Service"). */
export const ZService = z.object({
  id: ZId,
  serviceSlug: ZSlug,
  /** Arabic (default-language) label and description; `translations` holds both languages. */
  serviceLabel: z.string(),
  description: z.string(),
  logo: z.nullable(z.string()),
  serviceDictionary: z.array(ZServiceDictionaryEntry),
  translations: z.object({ ar: ZServiceTexts, en: ZServiceTexts }),
  activities: z.array(ZActivity),
  workflow: ZWorkflow,
  serviceType: z.enum(['request', 'payment', 'registration', 'ticket', 'information']),
  hooks: z.array(z.string()),
  tour: z.array(z.object({ selector: z.string(), text: ZLocalized })),
  stages: z.array(ZStage),
  personalization: z.record(z.string(), z.unknown()),
  categoryIds: z.array(ZId),
  release: ZIsoDate,
  version: int(1),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  fromDate: z.nullable(ZIsoDate),
  toDate: z.nullable(ZIsoDate),
  activation: ZActivationWindow,
  deactivated: z.boolean(),
  paymentInAdvance: z.boolean(),
  hideServiceTable: z.boolean(),
  hiddenOn: z.array(ZPlatform),
  disabledOn: z.array(ZPlatform),
  /**
   * The citizens' user types that may see and file it (issue 26, decision 074); absent or empty: every one, and
   * visitors. Staff and agents see every service (spec section 6); a type not named is refused SERVICE_UNAVAILABLE.
   */
  userTypes: opt(z.array(ZUserTypeSlug)),
  allowAnonymous: z.boolean(),
  businessAttributes: ZBusinessAttributes,
  /** Derived on the server from the dates, the activation window and `deactivated`. */
  isActive: z.boolean(),
  order: z.int(),
});
export type TService = z.infer<typeof ZService>;
export const SERVICE_FIELDS = Object.keys(ZService.shape) as (keyof TService)[];

/** A service as a response may carry it: only the fields the filter asked for. */
export const ZServicePartial = z.partial(ZService);
export type TServicePartial = z.infer<typeof ZServicePartial>;

/*
 * The card and page forms of the catalog reads (decision 033): what a screen shows, in the one language asked for
 * (`?view=card&lang=en`; a service page's form is in `service-page.ts`). The full answers above carry both
 * languages' every text and the service's whole definition; these carry one language's texts and the fields a
 * screen reads.
 */

/** A service as a card, the services list and the search show it: `serviceLabel` is in the language asked for. */
export const ZServiceCard = z.object({
  id: ZId,
  serviceSlug: ZSlug,
  serviceLabel: z.string(),
  logo: z.nullable(z.string()),
  categoryIds: z.array(ZId),
  order: z.int(),
  deactivated: z.boolean(),
  isActive: z.boolean(),
  hiddenOn: z.array(ZPlatform),
  disabledOn: z.array(ZPlatform),
  hideServiceTable: z.boolean(),
  businessAttributes: z.object({
    cost: ZBusinessAttributes.shape.cost,
    numberOfSteps: int(1),
    numberOfDays: int(0),
  }),
});
export type TServiceCard = z.infer<typeof ZServiceCard>;

const ZNames = z.object({ ar: z.object({ name: z.string() }), en: z.object({ name: z.string() }) });
export const ZCategory = z.object({
  id: ZId,
  name: z.string(),
  translations: ZNames,
  icon: z.string(),
  order: z.int(),
  services: opt(z.array(ZServicePartial)),
});
export type TCategory = z.infer<typeof ZCategory>;
export const CATEGORY_FIELDS = Object.keys(ZCategory.shape).filter((k) => k !== 'services') as (keyof TCategory)[];
export const ZCategoryPartial = z.partial(ZCategory);

/** A category as a card list shows it: `name` in the language asked for; `services` when the filter includes them. */
export const ZCategoryCard = z.object({
  id: ZId,
  name: z.string(),
  icon: z.string(),
  order: z.int(),
  services: opt(z.array(ZServiceCard)),
});
export type TCategoryCard = z.infer<typeof ZCategoryCard>;

/* ------------------------------------------------ content -------------------------------------------------- */

const ZTitleBody = z.object({ title: z.string(), body: z.string() });
export const ZNewsItem = z.object({
  id: ZId,
  title: z.string(),
  body: z.string(),
  translations: z.object({ ar: ZTitleBody, en: ZTitleBody }),
  featuredImage: z.array(ZImage),
  publishedAt: ZIsoDateTime,
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

export const ZNewsPage = z.object({ items: z.array(ZNewsItem), total: z.int() });

const ZFaqTexts = z.object({ group: z.string(), question: z.string(), answer: z.string() });
export const ZFaqEntry = z.object({
  id: ZId,
  group: z.string(),
  order: z.int(),
  translations: z.object({ ar: ZFaqTexts, en: ZFaqTexts }),
});
export type TFaqEntry = z.infer<typeof ZFaqEntry>;

/* ------------------------------------------------ reference ------------------------------------------------ */

export const ZGovernorate = z.object({ id: ZId, code: z.string(), name: ZLocalized });
export const ZDistributionCompany = z.object({ id: ZId, code: z.string(), name: ZLocalized, governorateIds: z.array(ZId) });
export const ZSector = z.object({ id: ZId, companyId: ZId, name: ZLocalized });
const HHMM = /^\d{2}:\d{2}$/;
export const ZOpeningHours = z.object({
  /** 0 = Sunday ... 6 = Saturday; days absent are closed. Times are HH:mm, local time. */
  days: z.array(int(0, 6)),
  opens: z.string().check(z.regex(HHMM)),
  closes: z.string().check(z.regex(HHMM)),
});
export const ZServiceCenter = z.object({
  id: ZId,
  companyId: ZId,
  sectorId: z.nullable(ZId),
  governorateId: ZId,
  name: ZLocalized,
  address: ZLocalized,
  phone: z.string(),
  hours: ZOpeningHours,
});
export type TServiceCenter = z.infer<typeof ZServiceCenter>;
export const ZServiceCenters = z.object({
  governorates: z.array(ZGovernorate),
  companies: z.array(ZDistributionCompany),
  sectors: z.array(ZSector),
  serviceCenters: z.array(ZServiceCenter),
});
export type TReferenceData = z.infer<typeof ZServiceCenters>;

/* ------------------------------------------------ application data ---------------------------------------- */

export const ZAlert = z.object({
  id: z.string(),
  data: ZLocalized,
  type: z.enum(['info', 'success', 'warning', 'error']),
  /** Whether the user may close it (issue 26 banners); absent: closable. */
  dismissible: opt(z.boolean()),
});

export const ZAppConfig = z.object({
  alerts: z.array(ZAlert),
  occasion: z.object({ show: z.boolean(), text: opt(ZLocalized), image: opt(z.string()) }),
  employeeAppConfig: z.object({ employeeAppLink: z.string() }),
  hotline: z.string(),
  version: z.string(),
  /** The home page's figures (issue 26): services counted from the catalog, clients (millions) and centres set by staff. */
  figures: opt(z.object({ services: z.int(), clientsMillions: z.int(), centres: z.int() })),
  /** The footer's citizen guide and code of conduct, from the user-guide library (issue 26). */
  footerGuides: opt(z.object({ citizenGuide: opt(ZLocalized), codeOfConduct: opt(ZLocalized) })),
  /** Location fields' map tiles (MAP_TILES_URL, decision 052); absent: no map, the point is typed or located. */
  map: opt(z.object({ tilesUrl: z.string(), attribution: z.string() })),
});

const ZTitleDescription = z.object({ title: z.string(), description: z.string() });
export const ZAppData = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  translations: z.object({ ar: ZTitleDescription, en: ZTitleDescription }),
  config: ZAppConfig,
  minIOConfig: z.object({ usingMinIO: z.boolean(), domain: z.string(), publicBucket: z.string() }),
});
export type TAppData = z.infer<typeof ZAppData>;
