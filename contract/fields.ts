import { z } from 'zod/mini';
import { ZIsoDate, ZLocalized } from './common.ts';

/*
 * The field schema on its own (contract/catalog.ts re-exports all of it): sign-up's registration types carry one
 * (contract/identity.ts), and importing it from here keeps the rest of the catalog's schemas out of the sign-up
 * page's JavaScript (its 90 KB budget, scripts/check-size.ts).
 */

const opt = z.optional;

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
  'password',
] as const;
export const ZFieldType = z.enum(FIELD_TYPES);

export const ZFieldOption = z.strictObject({ value: z.string(), label: ZLocalized });

export const ZCondition = z.strictObject({
  field: z.string(),
  relation: z.enum(['eq', 'neq', 'in', 'notIn', 'gt', 'lt', 'filled', 'empty']),
  fieldName: opt(z.unknown()),
});

type Localized = z.infer<typeof ZLocalized>;
/**
 * A field bound to the filer's profile (decision 052, "never asked twice"): the form opens with the profile's value
 * (the signed-in citizen's, or the citizen an employee or agent files for). `editable: false` makes the value the
 * profile's: the form shows it read-only and the server replaces whatever is sent with the profile's own (when the
 * profile holds one; a visitor or a profile without it types it, checked as usual).
 */
export const PROFILE_BINDINGS = ['fullName', 'nationalId', 'mobile', 'email', 'address', 'governorate'] as const;
export type TProfileBinding = { from: (typeof PROFILE_BINDINGS)[number]; editable?: boolean | undefined };

export type TFieldSchema = {
  type: z.infer<typeof ZFieldType>;
  label: Localized;
  placeholder?: Localized | undefined;
  tooltip?: Localized | undefined;
  postfix?: Localized | undefined;
  customRegexError?: Localized | undefined;
  lowestRatingText?: Localized | undefined;
  highestRatingText?: Localized | undefined;
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
    { behavior: 'show' | 'hide' | 'require'; operator: 'and' | 'or'; conditions: z.infer<typeof ZCondition>[] } | undefined;
  optional?: boolean | undefined;
  editable?: boolean | undefined;
  hidden?: boolean | undefined;
  min?: number | undefined;
  max?: number | undefined;
  regExp?: string | undefined;
  multiple?: boolean | undefined;
  accept?: string[] | undefined;
  /** Date fields: the first and last allowed day (ISO dates, inclusive), and future-only / past-only (today counts). */
  minDate?: string | undefined;
  maxDate?: string | undefined;
  dateWindow?: 'future' | 'past' | undefined;
  /** Filled from the filer's profile (see PROFILE_BINDINGS). */
  profile?: TProfileBinding | undefined;
};

const FIELD_ID = /^[A-Za-z][A-Za-z0-9_]*$/;

export const ZFieldSchema: z.ZodMiniType<TFieldSchema> = z.lazy(() =>
  z
    .strictObject({
      type: ZFieldType,
      label: ZLocalized,
      placeholder: opt(ZLocalized),
      tooltip: opt(ZLocalized),
      postfix: opt(ZLocalized),
      customRegexError: opt(ZLocalized),
      lowestRatingText: opt(ZLocalized),
      highestRatingText: opt(ZLocalized),
      uniforms: opt(z.strictObject({ type: opt(z.string()), options: opt(z.array(ZFieldOption)), placeholder: opt(z.string()) })),
      schema: opt(z.record(z.string().check(z.regex(FIELD_ID)), ZFieldSchema)),
      lazyLoad: opt(z.strictObject({ apiDependencies: z.array(z.string()) })),
      showField: opt(z.boolean()),
      showColumn: opt(z.boolean()),
      dataIndex: opt(z.string()),
      searchField: opt(z.boolean()),
      conditionalField: opt(
        z.strictObject({
          behavior: z.enum(['show', 'hide', 'require']),
          operator: z.enum(['and', 'or']),
          conditions: z.array(ZCondition).check(z.minLength(1)),
        }),
      ),
      optional: opt(z.boolean()),
      editable: opt(z.boolean()),
      hidden: opt(z.boolean()),
      min: opt(z.number()),
      max: opt(z.number()),
      regExp: opt(z.string()),
      multiple: opt(z.boolean()),
      accept: opt(z.array(z.string())),
      minDate: opt(ZIsoDate),
      maxDate: opt(ZIsoDate),
      dateWindow: opt(z.enum(['future', 'past'])),
      profile: opt(z.strictObject({ from: z.enum(PROFILE_BINDINGS), editable: opt(z.boolean()) })),
    })
    .check(
      z.refine((f) => f.min === undefined || f.max === undefined || f.max >= f.min, { message: 'max-less-min', path: ['max'] }),
      z.refine((f) => f.minDate === undefined || f.maxDate === undefined || f.maxDate >= f.minDate, {
        message: 'max-less-min',
        path: ['maxDate'],
      }),
    ),
);

/** Field id -> field definition, in display order. */
export const ZFieldsSchema = z.record(z.string().check(z.regex(FIELD_ID)), ZFieldSchema);
export type TFieldsSchema = z.infer<typeof ZFieldsSchema>;
