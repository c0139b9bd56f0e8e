import type { TFieldsSchema, TService } from '../../../contract/catalog.ts';
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
