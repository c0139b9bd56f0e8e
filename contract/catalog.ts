import { z } from 'zod';
import { ZId, ZImage, ZIsoDate, ZIsoDateTime, ZLocalized, ZSlug } from './common.ts';

/* ----------------------------------------------------------------------------------------------------------
 * Field schema (spec section 3 "Field schema"): one entry of a step's fieldsSchema. The request form engine
 * renders these; the server validates submitted data against the same definitions.
 * -------------------------------------------------------------------------------------------------------- */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'phone',
  'nationalId',
  'date',
  'select',
  'radio',
  'checkbox',
  'file',
  'image',
  'rating',
  'meter',
  'location',
  'list',
] as const;
export const ZFieldType = z.enum(FIELD_TYPES);

export const ZFieldOption = z.object({ value: z.string(), label: ZLocalized });

export const ZCondition = z.object({
  field: z.string(),
  relation: z.enum(['eq', 'neq', 'in', 'notIn', 'gt', 'lt', 'filled', 'empty']),
  fieldName: z.unknown().optional(),
});

export type TFieldSchema = {
  type: z.infer<typeof ZFieldType>;
  label: z.infer<typeof ZLocalized>;
  placeholder?: z.infer<typeof ZLocalized> | undefined;
  tooltip?: z.infer<typeof ZLocalized> | undefined;
  postfix?: z.infer<typeof ZLocalized> | undefined;
  customRegexError?: z.infer<typeof ZLocalized> | undefined;
  lowestRatingText?: z.infer<typeof ZLocalized> | undefined;
  highestRatingText?: z.infer<typeof ZLocalized> | undefined;
  uniforms?:
    | { type?: string | undefined; options?: z.infer<typeof ZFieldOption>[] | undefined; placeholder?: string | undefined }
    | undefined;
  schema?: Record<string, TFieldSchema> | undefined;
  lazyLoad?: { apiDependencies: string[] } | undefined;
  showField?: boolean | undefined;
  showColumn?: boolean | undefined;
  dataIndex?: string | undefined;
  searchField?: boolean | undefined;
  conditionalField?:
    | { behavior: 'show' | 'hide' | 'require'; operator: 'and' | 'or'; conditions: z.infer<typeof ZCondition>[] }
    | undefined;
  optional?: boolean | undefined;
  editable?: boolean | undefined;
  hidden?: boolean | undefined;
  min?: number | undefined;
  max?: number | undefined;
  regExp?: string | undefined;
  multiple?: boolean | undefined;
  accept?: string[] | undefined;
};

export const ZFieldSchema: z.ZodType<TFieldSchema> = z.lazy(() =>
  z
    .object({
      type: ZFieldType,
      label: ZLocalized,
      placeholder: ZLocalized.optional(),
      tooltip: ZLocalized.optional(),
      postfix: ZLocalized.optional(),
      customRegexError: ZLocalized.optional(),
      lowestRatingText: ZLocalized.optional(),
      highestRatingText: ZLocalized.optional(),
      uniforms: z
        .object({
          type: z.string().optional(),
          options: z.array(ZFieldOption).optional(),
          placeholder: z.string().optional(),
        })
        .optional(),
      schema: z.record(z.string(), ZFieldSchema).optional(),
      lazyLoad: z.object({ apiDependencies: z.array(z.string()) }).optional(),
      showField: z.boolean().optional(),
      showColumn: z.boolean().optional(),
      dataIndex: z.string().optional(),
      searchField: z.boolean().optional(),
      conditionalField: z
        .object({
          behavior: z.enum(['show', 'hide', 'require']),
          operator: z.enum(['and', 'or']),
          conditions: z.array(ZCondition).min(1),
        })
        .optional(),
      optional: z.boolean().optional(),
      editable: z.boolean().optional(),
      hidden: z.boolean().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      regExp: z.string().optional(),
      multiple: z.boolean().optional(),
      accept: z.array(z.string()).optional(),
    })
    .strict()
    .refine((f) => f.min === undefined || f.max === undefined || f.max >= f.min, {
      message: 'max-less-min',
      path: ['max'],
    }),
);

/** Field id -> field definition, in display order. */
export const ZFieldsSchema = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), ZFieldSchema);
export type TFieldsSchema = z.infer<typeof ZFieldsSchema>;

/* ---------------------------------------------------------------------------------------------------------- */

export const ZActivityStep = z
  .object({ stepId: z.string().min(1), label: ZLocalized, fieldsSchema: ZFieldsSchema })
  .strict();

/** An activity is a form the citizen or staff fills at one point of the workflow (e.g. apply, pay, rate). */
export const ZActivity = z
  .object({
    activityId: z.string().min(1),
    label: ZLocalized,
    actor: z.enum(['citizen', 'employee', 'any']),
    steps: z.array(ZActivityStep).min(1),
  })
  .strict();
export type TActivity = z.infer<typeof ZActivity>;

export const ZWorkflowStatus = z
  .object({
    id: z.string().min(1),
    label: ZLocalized,
    final: z.boolean().optional(),
    /** Activity the citizen performs in this status (e.g. pay), if any. */
    activityId: z.string().optional(),
  })
  .strict();

export const ZWorkflow = z
  .object({
    initialStatus: z.string(),
    statuses: z.array(ZWorkflowStatus).min(1),
    transitions: z.array(z.object({ from: z.string(), to: z.string(), roles: z.array(z.string()).optional() }).strict()),
  })
  .strict()
  .superRefine((w, ctx) => {
    const ids = new Set(w.statuses.map((s) => s.id));
    if (!ids.has(w.initialStatus)) ctx.addIssue({ code: 'custom', message: 'unknown initialStatus', path: ['initialStatus'] });
    w.transitions.forEach((t, i) => {
      if (!ids.has(t.from) || !ids.has(t.to))
        ctx.addIssue({ code: 'custom', message: 'transition names an unknown status', path: ['transitions', i] });
    });
  });
export type TWorkflow = z.infer<typeof ZWorkflow>;

export const ZStage = z
  .object({ stageId: z.string(), label: ZLocalized, statuses: z.array(z.string()).min(1), days: z.number().int().min(0) })
  .strict();

/** Activation window kinds of spec section 3. */
export const ZActivationWindow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('permanent') }).strict(),
  z.object({ kind: z.literal('until'), date: ZIsoDate }).strict(),
  z
    .object({
      kind: z.literal('monthly'),
      minDay: z.number().int().min(1).max(31),
      maxDay: z.number().int().min(1).max(31),
      month: z.enum(['this', 'next']),
    })
    .strict()
    .refine((w) => w.maxDay >= w.minDay, { message: 'max-less-min', path: ['maxDay'] }),
  z.object({ kind: z.literal('afterDelay'), delayDays: z.number().int().min(0) }).strict(),
]);
export type TActivationWindow = z.infer<typeof ZActivationWindow>;

export const ZFaqPair = z.object({ question: z.string().min(1), answer: z.string().min(1) }).strict();

/** The language-dependent texts of a service. */
export const ZServiceTexts = z
  .object({
    serviceLabel: z.string().min(1),
    description: z.string().min(1),
    steps: z.array(z.string().min(1)),
    requiredPapers: z.array(z.string().min(1)),
    terms: z.array(z.string().min(1)),
    faq: z.array(ZFaqPair),
    costNote: z.string().optional(),
  })
  .strict();

export const ZBusinessAttributes = z
  .object({
    cost: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('free') }).strict(),
      z.object({ kind: z.literal('paid'), amount: z.number().nonnegative().optional() }).strict(),
    ]),
    payMethods: z.array(z.enum(['online', 'office'])),
    numberOfSteps: z.number().int().min(1),
    numberOfDays: z.number().int().min(0),
    video: z.string().optional(),
  })
  .strict();

export const PLATFORMS = ['web', 'mobile'] as const;
export const ZPlatform = z.enum(PLATFORMS);

export const ZServiceDictionaryEntry = z.object({ code: z.string(), label: ZLocalized }).strict();

/** A service as stored and as served (spec section 3 "Service"). */
export const ZService = z.object({
  id: ZId,
  serviceSlug: ZSlug,
  /** Arabic (default-language) label and description; `translations` holds both languages. */
  serviceLabel: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
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
  version: z.number().int().min(1),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  fromDate: ZIsoDate.nullable(),
  toDate: ZIsoDate.nullable(),
  activation: ZActivationWindow,
  deactivated: z.boolean(),
  paymentInAdvance: z.boolean(),
  hideServiceTable: z.boolean(),
  hiddenOn: z.array(ZPlatform),
  disabledOn: z.array(ZPlatform),
  allowAnonymous: z.boolean(),
  businessAttributes: ZBusinessAttributes,
  /** Derived on the server from the dates, the activation window and `deactivated`. */
  isActive: z.boolean(),
  order: z.number().int(),
});
export type TService = z.infer<typeof ZService>;
export const SERVICE_FIELDS = Object.keys(ZService.shape) as (keyof TService)[];

/** A service as a response may carry it: only the fields the filter asked for. */
export const ZServicePartial = ZService.partial();
export type TServicePartial = z.infer<typeof ZServicePartial>;

export const ZCategory = z.object({
  id: ZId,
  name: z.string(),
  translations: z.object({ ar: z.object({ name: z.string() }), en: z.object({ name: z.string() }) }),
  icon: z.string(),
  order: z.number().int(),
  services: z.array(ZServicePartial).optional(),
});
export type TCategory = z.infer<typeof ZCategory>;
export const CATEGORY_FIELDS = Object.keys(ZCategory.shape).filter((k) => k !== 'services') as (keyof TCategory)[];
export const ZCategoryPartial = ZCategory.partial();

/* ------------------------------------------------ content -------------------------------------------------- */

export const ZNewsItem = z.object({
  id: ZId,
  title: z.string(),
  body: z.string(),
  translations: z.object({
    ar: z.object({ title: z.string(), body: z.string() }),
    en: z.object({ title: z.string(), body: z.string() }),
  }),
  featuredImage: z.array(ZImage),
  publishedAt: ZIsoDateTime,
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

export const ZNewsPage = z.object({ items: z.array(ZNewsItem), total: z.number().int() });

export const ZFaqEntry = z.object({
  id: ZId,
  group: z.string(),
  order: z.number().int(),
  translations: z.object({
    ar: z.object({ group: z.string(), question: z.string(), answer: z.string() }),
    en: z.object({ group: z.string(), question: z.string(), answer: z.string() }),
  }),
});
export type TFaqEntry = z.infer<typeof ZFaqEntry>;

/* ------------------------------------------------ reference ------------------------------------------------ */

export const ZGovernorate = z.object({ id: ZId, code: z.string(), name: ZLocalized });
export const ZDistributionCompany = z.object({
  id: ZId,
  code: z.string(),
  name: ZLocalized,
  governorateIds: z.array(ZId),
});
export const ZSector = z.object({ id: ZId, companyId: ZId, name: ZLocalized });
export const ZOpeningHours = z.object({
  /** 0 = Sunday ... 6 = Saturday; days absent are closed. Times are HH:mm, local time. */
  days: z.array(z.number().int().min(0).max(6)),
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
});
export const ZServiceCenter = z.object({
  id: ZId,
  companyId: ZId,
  sectorId: ZId.nullable(),
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
});

export const ZAppConfig = z.object({
  alerts: z.array(ZAlert),
  occasion: z.object({ show: z.boolean(), text: ZLocalized.optional(), image: z.string().optional() }),
  employeeAppConfig: z.object({ employeeAppLink: z.string() }),
  hotline: z.string(),
  version: z.string(),
});

export const ZAppData = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  translations: z.object({
    ar: z.object({ title: z.string(), description: z.string() }),
    en: z.object({ title: z.string(), description: z.string() }),
  }),
  config: ZAppConfig,
  minIOConfig: z.object({ usingMinIO: z.boolean(), domain: z.string(), publicBucket: z.string() }),
});
export type TAppData = z.infer<typeof ZAppData>;
