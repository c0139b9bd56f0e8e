import { eq } from 'drizzle-orm';
import type { TFieldsSchema, TService } from '../../../contract/catalog.ts';
import { hasLockedBindings, profileSource, withLockedProfileValues } from '../../../contract/profile-binding.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { invalidFieldsError, validateActivity } from '../forms/validators.ts';

/*
 * Server-side validation of an activity's data: forms-core's ajv validation against the compiled JSON Schema
 * (contract/form-schema.ts, decision 018), the same schema the browser's precompiled validators use, so both
 * refuse the same inputs with the same codes.
 */

/** Every field of an activity's steps, in order (field ids are unique across an activity's steps). */
export function activityFields(service: TService, activityId: string): TFieldsSchema | undefined {
  const activity = service.activities.find((a) => a.activityId === activityId);
  if (!activity) return undefined;
  return Object.assign({}, ...activity.steps.map((s) => s.fieldsSchema)) as TFieldsSchema;
}

/**
 * The activity's data, normalised and restricted to its declared fields; 400 INVALID_INPUT with `fieldErrors`
 * (and `fieldIssues` with the bounds) when the schema refuses it; 404 ACTIVITY_NOT_FOUND for no such activity.
 */
export function validActivityData(service: TService, activityId: string, data: Record<string, unknown>): Record<string, unknown> {
  const r = validateActivity(service, activityId, data);
  if (!r) throw new AppError('ACTIVITY_NOT_FOUND', `${service.serviceSlug} has no activity ${activityId}`);
  if (!r.ok) throw invalidFieldsError(r.fieldErrors);
  return r.data;
}

/** The codes of one field's errors for this data (the field handler's check), or none. */
export function fieldCodes(service: TService, activityId: string, fieldId: string, data: Record<string, unknown>): string[] {
  const r = validateActivity(service, activityId, data);
  if (!r || r.ok) return [];
  const issue = r.fieldErrors[fieldId];
  return issue ? [issue.code] : [];
}

/**
 * Fields bound to the profile and not editable (decision 052) take the owner's value, whatever was sent: one read
 * of the owner's row, only for an activity that has such a field and a request that has an owner (a visitor types
 * them, checked as usual).
 */
export async function withOwnerProfile(
  db: Db,
  service: TService,
  activityId: string,
  ownerId: string | null,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const fields = activityFields(service, activityId);
  if (!fields || ownerId === null || !hasLockedBindings(fields)) return data;
  const [owner] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      nationalId: users.nationalId,
      mobile: users.mobile,
      email: users.email,
      profile: users.profile,
    })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  if (!owner) return data;
  return withLockedProfileValues(
    fields,
    profileSource({ ...owner, homeAddress: owner.profile.homeAddress, governorate: owner.profile.governorate }),
    data,
  );
}
