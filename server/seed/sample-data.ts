import type { TFieldSchema, TService } from '../../contract/catalog.ts';
import { parseNumber } from '../../contract/form-schema.ts';
import { serviceCenters } from './data/reference.ts';

/*
 * Plausible, valid data for a service's form: the demo requests of the seed, the API tests (every seeded
 * service's form accepts it) and the request benchmark. Fills every required field the form shows.
 */

const CANDIDATES = [
  '29001010100015',
  '01012345678',
  '123456789',
  '12345678',
  '123456789012',
  '1234567',
  'ABC1234',
  `EG${'1'.repeat(27)}`,
  'mona',
];

function textFor(field: TFieldSchema, base: string): string {
  if (field.regExp) {
    const re = new RegExp(field.regExp, 'u');
    const hit = CANDIDATES.find(
      (c) =>
        re.test(c) && (field.min === undefined || c.length >= field.min) && (field.max === undefined || c.length <= field.max),
    );
    if (hit) return hit;
  }
  let s = base;
  const min = field.min ?? 0;
  while ([...s].length < min) s += ` ${base}`;
  return field.max !== undefined ? [...s].slice(0, field.max).join('').trim() : s;
}

function valueFor(field: TFieldSchema, values: FormValues): unknown {
  switch (field.type) {
    case 'text':
      return textFor(field, 'منى حسن علي محمود');
    case 'textarea':
      return textFor(field, 'شارع النيل، الدقي، الجيزة، بجوار مسجد الرحمن');
    case 'password':
      return 'Str0ng!Pass';
    case 'email':
      return 'mona@example.com';
    case 'phone':
      return '01012345678';
    case 'nationalId':
      return '29001010100015';
    case 'number':
      return Math.max(field.min ?? 1, Math.min(field.max ?? 100, 100));
    case 'date':
      return '2026-01-15';
    case 'select':
    case 'radio': {
      const options = field.uniforms?.options;
      if (options && options.length > 0) return field.multiple ? [options[0]!.value] : options[0]!.value;
      // A lazy select of service centers: one of the chosen governorate's.
      const governorate = typeof values.governorate === 'string' ? values.governorate : undefined;
      const center = serviceCenters.find((c) => !governorate || c.governorateId === governorate) ?? serviceCenters[0]!;
      return center.id;
    }
    case 'checkbox':
      return true;
    case 'rating':
      return 3;
    case 'meter':
      return textFor(field, '12345678');
    case 'location':
      return { governorate: 'gov-cairo', address: 'شارع النيل، الدقي' };
    case 'file':
    case 'image':
      // Attachment values as the upload answers them (an id, with what the widget shows).
      return Array.from({ length: Math.max(1, field.min ?? 1) }, (_, i) => ({
        id: `sample-${i + 1}`,
        name: field.type === 'image' ? `photo-${i + 1}.jpg` : `document-${i + 1}.pdf`,
      }));
    case 'list':
      // Entries of the list's own fields (each a valid value).
      return Array.from({ length: Math.max(1, field.min ?? 1) }, () =>
        Object.fromEntries(Object.entries(field.schema ?? {}).map(([k, f]) => [k, valueFor(f, {})])),
      );
  }
}

type FormValues = Record<string, string | boolean | string[]>;
type Condition = NonNullable<TFieldSchema['conditionalField']>['conditions'][number];

const isEmpty = (v: FormValues[string] | undefined): boolean =>
  v === undefined || v === false || (Array.isArray(v) ? v.length === 0 : typeof v === 'string' && v.trim() === '');

/** Whether one condition of a field's `conditionalField` holds for the values so far (the form dialect's rules). */
function conditionHolds(c: Condition, values: FormValues): boolean {
  const v = values[c.field];
  const target = c.fieldName;
  const asList = (Array.isArray(target) ? target : [target]).map(String);
  const own = Array.isArray(v) ? v : [String(v ?? '')];
  switch (c.relation) {
    case 'filled':
      return !isEmpty(v);
    case 'empty':
      return isEmpty(v);
    case 'eq':
      return own.includes(String(target));
    case 'neq':
      return !own.includes(String(target));
    case 'in':
      return own.some((x) => asList.includes(x));
    case 'notIn':
      return !own.some((x) => asList.includes(x));
    case 'gt':
    case 'lt': {
      const a = typeof v === 'string' ? parseNumber(v) : undefined;
      const b = Number(target);
      if (a === undefined || Number.isNaN(b)) return false;
      return c.relation === 'gt' ? a > b : a < b;
    }
  }
}

function conditionsMet(field: TFieldSchema, values: FormValues): boolean {
  const cf = field.conditionalField;
  if (!cf) return true;
  const results = cf.conditions.map((c) => conditionHolds(c, values));
  return cf.operator === 'and' ? results.every(Boolean) : results.some(Boolean);
}

function isVisible(field: TFieldSchema, values: FormValues): boolean {
  if (field.hidden || field.showField === false) return false;
  const cf = field.conditionalField;
  if (!cf || cf.behavior === 'require') return true;
  return cf.behavior === 'show' ? conditionsMet(field, values) : !conditionsMet(field, values);
}

const isRequired = (field: TFieldSchema, values: FormValues): boolean =>
  field.conditionalField?.behavior === 'require' ? conditionsMet(field, values) : field.optional !== true;

/** Valid data for one activity of a service (every step's required fields, conditions followed). */
export function sampleData(service: TService, activityId: string): Record<string, unknown> {
  const activity = service.activities.find((a) => a.activityId === activityId);
  if (!activity) throw new Error(`${service.serviceSlug} has no activity ${activityId}`);
  const fields = Object.assign({}, ...activity.steps.map((s) => s.fieldsSchema)) as Record<string, TFieldSchema>;
  const data: Record<string, unknown> = {};
  const values: FormValues = {};
  // Twice: a field shown or required by another's value is filled once that value is there.
  for (let pass = 0; pass < 2; pass++) {
    for (const [id, field] of Object.entries(fields)) {
      if (id in data || !isVisible(field, values) || !isRequired(field, values) || field.editable === false) continue;
      const v = valueFor(field, values);
      data[id] = v;
      if (typeof v === 'string' || typeof v === 'boolean') values[id] = v;
      else if (Array.isArray(v)) values[id] = v.map(String);
    }
  }
  return data;
}
