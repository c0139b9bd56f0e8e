import type { TFieldSchema, TFieldsSchema, TProfileBinding } from './catalog.ts';

/*
 * "Never asked twice" (decision 052): a service's fields bound to the filer's profile (`profile: { from }` of a
 * field schema, contract/catalog.ts). One pure module for the browser (the form opens filled) and the server (a
 * field that is not editable takes the profile's value, whatever was sent).
 */

/** What a profile offers to forms: only the values it holds. */
export type TProfileSource = Partial<Record<TProfileBinding['from'], string>>;

/**
 * The profile's values from the account's own data (the current user, or the owner's row on the server): the
 * address and governorate are the profile's (`profile.homeAddress`, `profile.governorate`).
 */
export function profileSource(u: {
  fullName?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  nationalId?: string | null | undefined;
  mobile?: string | null | undefined;
  email?: string | null | undefined;
  homeAddress?: string | null | undefined;
  /** The governorate's id (the reference data's, e.g. `gov-cairo`): a bound governorate select takes it. */
  governorate?: string | null | undefined;
}): TProfileSource {
  const out: TProfileSource = {};
  const name = (u.fullName ?? [u.firstName, u.lastName].filter(Boolean).join(' ')).trim();
  if (name) out.fullName = name;
  if (u.nationalId) out.nationalId = u.nationalId;
  if (u.mobile) out.mobile = u.mobile;
  if (u.email) out.email = u.email;
  if (u.homeAddress?.trim()) out.address = u.homeAddress.trim();
  if (u.governorate) out.governorate = u.governorate;
  return out;
}

/** A bound field's value from the profile, in the field's shape (a location takes the address part), if any. */
function valueFor(f: TFieldSchema, source: TProfileSource, current: unknown): unknown {
  const v = f.profile ? source[f.profile.from] : undefined;
  if (v === undefined) return undefined;
  if (f.type === 'location') return { ...(current && typeof current === 'object' ? current : {}), address: v };
  return v;
}

/** Whether the profile decides this field's value (it is bound, not editable, and the profile holds a value). */
export const lockedByProfile = (f: TFieldSchema, source: TProfileSource): boolean =>
  f.profile !== undefined && f.profile.editable === false && source[f.profile.from] !== undefined;

const isEmpty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The data a form opens with: every bound field left empty gets the profile's value, and a locked one gets it
 * whatever it held (a draft made before the profile changed).
 */
export function withProfileDefaults(
  fields: TFieldsSchema,
  source: TProfileSource,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...data };
  for (const [id, f] of Object.entries(fields)) {
    if (!f.profile) continue;
    const locked = lockedByProfile(f, source);
    if (!locked && !isEmpty(out[id]) && !(f.type === 'location' && !(out[id] as { address?: unknown })?.address)) continue;
    const v = valueFor(f, source, out[id]);
    if (v !== undefined) out[id] = v;
  }
  return out;
}

/** The data as the server keeps it: fields the profile decides hold the profile's value, not the sent one. */
export function withLockedProfileValues(
  fields: TFieldsSchema,
  source: TProfileSource,
  data: Record<string, unknown>,
): Record<string, unknown> {
  let out = data;
  for (const [id, f] of Object.entries(fields)) {
    if (!lockedByProfile(f, source)) continue;
    if (out === data) out = { ...data };
    out[id] = valueFor(f, source, data[id]);
  }
  return out;
}

/** Whether any field of these is bound and not editable (the server then reads the owner's profile). */
export const hasLockedBindings = (fields: TFieldsSchema): boolean =>
  Object.values(fields).some((f) => f.profile !== undefined && f.profile.editable === false);
