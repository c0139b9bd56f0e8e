import type { TFieldSchema, TFieldsSchema, TService } from '../../../contract/catalog.ts';
import { TEXT_INVALID, isPlainText } from '../../../contract/common.ts';
import { RULE_CODES, validateField, type FieldValue, type FormValues } from '../../../src/features/forms/rules.ts';

/*
 * Server-side validation of an activity's data against its steps' field schemas.
 *
 * STAND-IN until forms-core's `validateActivity` (ajv against the compiled JSON Schema, contract/form-schema.ts)
 * is merged: same signature, the rules of the current form engine (src/features/forms/rules.ts), so that the
 * server and the browser refuse the same inputs with the same codes. Swap the import in submit.ts and
 * activities.ts when it lands.
 */

export type ActivityFieldErrors = Record<string, string[]>;

/** Every field of an activity's steps, in order (field ids are unique across an activity's steps). */
export function activityFields(service: TService, activityId: string): TFieldsSchema | undefined {
  const activity = service.activities.find((a) => a.activityId === activityId);
  if (!activity) return undefined;
  return Object.assign({}, ...activity.steps.map((s) => s.fieldsSchema)) as TFieldsSchema;
}

const TEXT_TYPES = new Set<TFieldSchema['type']>(['text', 'phone', 'nationalId', 'email', 'password']);
const OBJECT_TYPES = new Set<TFieldSchema['type']>(['location', 'meter']);

/** A submitted value in the rules' terms; `invalid` for a value of the wrong kind. */
function asFieldValue(field: TFieldSchema, v: unknown): FieldValue | 'invalid' | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'invalid';
  if (Array.isArray(v)) {
    if (v.length > 200) return 'invalid';
    if (field.type === 'list') return v.map(() => 'entry');
    return v.every((x) => typeof x === 'string' || typeof x === 'number') ? v.map(String) : 'invalid';
  }
  // A location (governorate, district, address, point) or a meter picked from a list: present.
  if (typeof v === 'object' && OBJECT_TYPES.has(field.type)) return 'present';
  return 'invalid';
}

/**
 * Field errors of an activity's data (field id -> codes), or undefined when it is valid. Unknown fields are
 * refused (`value-not-allowed`), as are control and bidi characters in one-line text fields (`text-invalid`).
 */
export function validateActivity(
  service: TService,
  activityId: string,
  data: Record<string, unknown>,
): ActivityFieldErrors | undefined {
  const fields = activityFields(service, activityId);
  if (!fields) return { activityId: [RULE_CODES.notAllowed] };
  // Keys come from the client: no prototype to write through.
  const errors = Object.create(null) as ActivityFieldErrors;
  const values = Object.create(null) as FormValues;
  for (const [id, v] of Object.entries(data)) {
    const field = fields[id];
    if (!field || !Object.prototype.hasOwnProperty.call(fields, id)) {
      errors[id] = [RULE_CODES.notAllowed];
      continue;
    }
    const value = asFieldValue(field, v);
    if (value === 'invalid') errors[id] = [field.type === 'number' ? RULE_CODES.numberExpected : RULE_CODES.textExpected];
    else if (value !== undefined) values[id] = value;
  }
  for (const [id, field] of Object.entries(fields)) {
    if (errors[id]) continue;
    const value = values[id];
    if (typeof value === 'string' && TEXT_TYPES.has(field.type) && !isPlainText(value.trim())) {
      errors[id] = [TEXT_INVALID];
      continue;
    }
    const issue = validateField(field, value, values);
    if (issue) errors[id] = [issue.code];
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
