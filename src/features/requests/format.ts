import type { TActivity, TFieldSchema, TFieldsSchema } from '../../../contract/catalog.ts';
import type { TLang, TLocalized } from '../../../contract/common.ts';
import type { TAttachmentRef, TFormData } from '../../../contract/requests.ts';
import { formatDate, formatNumber } from '../../lib/text/format.ts';

/*
 * How a request's submitted data is shown back (the view-request page, spec section 2): the activity's steps
 * and fields in the form's order, each with its label in the reader's language and its value formatted as the
 * form would draw it — an option's label, a number in the language's digits with its postfix, a date as
 * D MMMM YYYY, data (mobile, national id, meter numbers, e-mail) as typed and isolated left to right, files as
 * the stored attachments. Hidden and password fields and empty values are left out.
 */

export type ShownFile = { id: string; name: string; size?: number | undefined; mime?: string | undefined };

export type ShownValue =
  | { kind: 'text'; text: string; ltr?: boolean }
  | { kind: 'yesNo'; value: boolean }
  | { kind: 'files'; files: ShownFile[] }
  | { kind: 'group'; fields: ShownField[] }
  | { kind: 'list'; rows: ShownField[][] };

export type ShownField = { id: string; label: string; value: ShownValue };
export type ShownStep = { stepId: string; label: string; fields: ShownField[] };

/** Field types whose values are data people copy and compare: kept in their own digits, left to right. */
const DATA_TYPES = new Set<TFieldSchema['type']>(['phone', 'nationalId', 'email', 'meter']);

const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const optionLabel = (field: TFieldSchema, value: unknown, lang: TLang): string | undefined =>
  field.uniforms?.options?.find((o) => o.value === String(value))?.label[lang];

/** The files a file or image field holds: attachment ids, or `{ id, name }` objects, one or several. */
function filesOf(value: unknown, attachments: readonly TAttachmentRef[]): ShownFile[] {
  const list = Array.isArray(value) ? value : [value];
  const out: ShownFile[] = [];
  for (const item of list) {
    const id =
      typeof item === 'string' ? item : typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'string' || id === '') continue;
    const stored = attachments.find((a) => a.id === id);
    const name = stored?.name ?? (typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined);
    out.push({ id, name: typeof name === 'string' ? name : id, size: stored?.size, mime: stored?.mime });
  }
  return out;
}

/** Any value without a schema (a location's parts, an unknown shape): as text. */
function plain(value: unknown, lang: TLang): ShownValue {
  if (typeof value === 'number') return { kind: 'text', text: formatNumber(lang, value) };
  if (typeof value === 'boolean') return { kind: 'yesNo', value };
  if (typeof value === 'string') return { kind: 'text', text: value };
  return { kind: 'text', text: JSON.stringify(value) };
}

export function showValue(
  field: TFieldSchema,
  value: unknown,
  lang: TLang,
  attachments: readonly TAttachmentRef[],
  labels: LocationLabels,
): ShownValue | undefined {
  if (isEmpty(value) || field.hidden || field.type === 'password') return undefined;
  const postfix = field.postfix ? ` ${field.postfix[lang]}` : '';
  switch (field.type) {
    case 'select':
    case 'radio':
    case 'rating': {
      const values = Array.isArray(value) ? value : [value];
      const texts = values.map((v) => optionLabel(field, v, lang) ?? (typeof v === 'number' ? formatNumber(lang, v) : String(v)));
      return { kind: 'text', text: texts.join(lang === 'ar' ? '، ' : ', ') };
    }
    case 'checkbox':
      if (Array.isArray(value))
        return { kind: 'text', text: value.map((v) => optionLabel(field, v, lang) ?? String(v)).join(', ') };
      return { kind: 'yesNo', value: value === true || value === 'true' };
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return { kind: 'text', text: `${Number.isFinite(n) ? formatNumber(lang, n) : String(value)}${postfix}` };
    }
    case 'date':
      return { kind: 'text', text: formatDate(lang, String(value)) };
    case 'file':
    case 'image': {
      const files = filesOf(value, attachments);
      return files.length > 0 ? { kind: 'files', files } : undefined;
    }
    case 'list': {
      if (!Array.isArray(value)) return plain(value, lang);
      const rows = value.map((row) =>
        field.schema && typeof row === 'object' && row !== null
          ? showFields(field.schema, row as TFormData, lang, attachments, labels)
          : [{ id: 'value', label: field.label[lang], value: plain(row, lang) }],
      );
      return { kind: 'list', rows };
    }
    case 'location': {
      if (typeof value !== 'object' || value === null) return plain(value, lang);
      const fields: ShownField[] = [];
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (isEmpty(v)) continue;
        const label = labels.location[k] ?? k;
        const shown: ShownValue =
          k === 'governorate' && typeof v === 'string'
            ? { kind: 'text', text: labels.governorates?.[v]?.[lang] ?? v }
            : typeof v === 'object' && v !== null && 'lat' in v && 'lng' in v
              ? {
                  kind: 'text',
                  text: `${String((v as { lat: unknown }).lat)}, ${String((v as { lng: unknown }).lng)}`,
                  ltr: true,
                }
              : plain(v, lang);
        fields.push({ id: k, label, value: shown });
      }
      return fields.length > 0 ? { kind: 'group', fields } : undefined;
    }
    default:
      if (field.schema && typeof value === 'object' && !Array.isArray(value)) {
        const fields = showFields(field.schema, value as TFormData, lang, attachments, labels);
        return fields.length > 0 ? { kind: 'group', fields } : undefined;
      }
      if (DATA_TYPES.has(field.type)) return { kind: 'text', text: String(value), ltr: true };
      return typeof value === 'string' ? { kind: 'text', text: `${value}${postfix}` } : plain(value, lang);
  }
}

/** The labels a location value's parts are shown with (from the screen's messages) and the governorates' names. */
export type LocationLabels = { location: Record<string, string>; governorates?: Record<string, TLocalized> | undefined };

export function showFields(
  schema: TFieldsSchema,
  data: TFormData,
  lang: TLang,
  attachments: readonly TAttachmentRef[],
  labels: LocationLabels,
): ShownField[] {
  const out: ShownField[] = [];
  for (const [id, field] of Object.entries(schema)) {
    const value = showValue(field, data[id], lang, attachments, labels);
    if (value) out.push({ id, label: field.label[lang], value });
  }
  return out;
}

/** Every step of an activity with the fields that have a value; steps without any are left out. */
export function showActivity(
  activity: TActivity | undefined,
  data: TFormData,
  lang: TLang,
  attachments: readonly TAttachmentRef[],
  labels: LocationLabels,
): ShownStep[] {
  if (!activity) return [];
  return activity.steps
    .map((s) => ({ stepId: s.stepId, label: s.label[lang], fields: showFields(s.fieldsSchema, data, lang, attachments, labels) }))
    .filter((s) => s.fields.length > 0);
}

/** The stage's expected end: its start plus its days (a stage of 0 days ends the same day). */
export function stageDueDate(startedAt: string, days: number): Date {
  return new Date(new Date(startedAt).getTime() + days * 86_400_000);
}
