import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { TActivity } from '../../../contract/catalog.ts';
import { ajvErrorsToFieldErrors, encodeIssue, type AjvErrorLike, type FieldErrors } from '../../../contract/form-errors.ts';
import {
  activityValidatorUrl,
  compileActivity,
  formValidatorUrl,
  normaliseFormData,
  schemasHash,
  type FormKey,
  type FormSchema,
} from '../../../contract/form-schema.ts';

/*
 * The browser's form validation (decision 018): the server generates each form's validators as ajv standalone
 * code and serves them as an immutable same-origin ES module (no eval, so `script-src 'self'` holds; the service
 * worker keeps them for offline use). This loader imports that module and wraps rjsf's precompiled validator so
 * that errors are the same field codes the server answers (contract/form-errors.ts), computed from the same
 * normalised data.
 */

/** The module's export: rjsf's precompiled validator functions keyed by schema hash. */
export type ValidateFns = Parameters<typeof createPrecompiledValidator>[0];

/** An rjsf validator that also answers the field errors (path -> issue) of the last data it saw. */
export type FormValidator = ValidatorType & { fieldErrors: (formData: unknown) => FieldErrors };

/** The module could not be loaded (offline and never fetched, or the service changed: refetch it). */
export class ValidatorUnavailableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a log message; the form shows a translated error by type
    super(`form validators unavailable: ${url}`, { cause });
  }
}

const toRjsfErrors = (errors: FieldErrors): RJSFValidationError[] =>
  Object.entries(errors).map(([path, issue]) => {
    const property = path ? `.${path}` : '';
    const message = encodeIssue(issue);
    return { name: issue.code, property, message, params: issue, stack: `${path} ${issue.code}`.trim(), schemaPath: '' };
  });

/** rjsf's precompiled validator for one root schema, answering our field codes. */
export function buildFormValidator(validateFns: ValidateFns, schema: FormSchema): FormValidator {
  const root = schema as RJSFSchema;
  const inner = createPrecompiledValidator(validateFns, root);
  const fieldErrors = (formData: unknown): FieldErrors => {
    // Cast, not a link: rjsf types the data by the form's generic; the cleaned copy is the same data.
    const raw = inner.rawValidation<AjvErrorLike>(root, normaliseFormData(schema, formData) as never);
    return ajvErrorsToFieldErrors(raw.errors, schema);
  };
  return {
    fieldErrors,
    // Cast, not a link (here and below): rjsf's generic data type, as above.
    rawValidation: (s, formData) => inner.rawValidation(s, normaliseFormData(schema, formData) as never),
    // Conditions (if/then/else) are checked on data cleaned as the server cleans it (trimmed, empties dropped).
    isValid: (s, formData, rootSchema) => inner.isValid(s, normaliseFormData({}, formData) as never, rootSchema),
    validateFormData<T>(
      formData: T | undefined,
      _schema: RJSFSchema,
      customValidate?: CustomValidator<T>,
      transformErrors?: ErrorTransformer<T>,
      uiSchema?: UiSchema<T>,
    ): ValidationData<T> {
      let errors = toRjsfErrors(fieldErrors(formData));
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      let result: ValidationData<T> = { errors, errorSchema: toErrorSchema<T>(errors) };
      if (customValidate) {
        const handler = customValidate(formData, createErrorHandler<T>(formData as T), uiSchema);
        result = validationDataMerge<T>(result, unwrapErrorHandler<T>(handler));
      }
      return result;
    },
  };
}

const modules = new Map<string, Promise<ValidateFns>>();

/** Imports a validator module once per URL (the service worker answers it offline). */
export function importValidators(url: string): Promise<ValidateFns> {
  let p = modules.get(url);
  if (!p) {
    p = import(/* @vite-ignore */ url).then(
      (m: { validateFns: ValidateFns }) => m.validateFns,
      (e: unknown) => {
        modules.delete(url);
        throw new ValidatorUnavailableError(url, e);
      },
    );
    modules.set(url, p);
  }
  return p;
}

/** One validator per step of a service activity, from the service definition the page holds. */
export async function loadActivityValidators(
  service: { serviceSlug: string; version: number; activities: readonly TActivity[] },
  activityId: string,
): Promise<Record<string, FormValidator>> {
  const compiled = compileActivity(service, activityId, 'ar');
  if (!compiled) throw new Error(`no activity ${activityId}`);
  const schemas = compiled.steps.map((s) => s.schema);
  const url = activityValidatorUrl(service.serviceSlug, activityId, service.version, schemasHash(schemas));
  const fns = await importValidators(url);
  return Object.fromEntries(compiled.steps.map((s) => [s.stepId, buildFormValidator(fns, s.schema)]));
}

/**
 * The validator of a fixed form: `contact`, `signup.<userSlug>` or `profile.<userSlug>`, with the schema the
 * screen draws (compileContactForm / compileSignupForm / compileProfileForm of contract/form-schema.ts).
 */
export async function loadFormValidator(formKey: FormKey, schema: FormSchema): Promise<FormValidator> {
  const fns = await importValidators(formValidatorUrl(formKey, schemasHash([schema])));
  return buildFormValidator(fns, schema);
}
