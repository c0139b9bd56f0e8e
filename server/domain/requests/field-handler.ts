import type { TFieldSchema, TReferenceData, TService } from '../../../contract/catalog.ts';
import type { TFieldHandlerResult } from '../../../contract/requests.ts';
import { AppError } from '../app-error.ts';
import { activityFields, fieldCodes } from './validate.ts';

/*
 * `POST /{service}/fieldHandler` (spec section 7): a lazy select's options, fed by the values it depends on
 * (`lazyLoad.apiDependencies`), from the reference data (governorates, distribution companies, sectors, service
 * centers); or one field's check with the rest of the form as context.
 */

export type FieldHandlerInput = {
  service: TService;
  activityId: string;
  fieldId: string;
  data?: Record<string, unknown> | undefined;
  apiDependencies?: Record<string, unknown> | undefined;
};

type Option = NonNullable<TFieldHandlerResult['options']>[number];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The options of a lazy select by what it lists (its id says: service centers, sectors, companies, governorates). */
function lazyOptions(fieldId: string, deps: Record<string, unknown>, ref: TReferenceData): Option[] {
  const id = fieldId.toLowerCase();
  const governorate = text(deps.governorate) ?? text(deps.governorateId);
  const company = text(deps.company) ?? text(deps.companyId);
  if (id.includes('servicecenter')) {
    // Nothing to list until what it depends on is chosen.
    if (!governorate && !company) return [];
    return ref.serviceCenters
      .filter((c) => (!governorate || c.governorateId === governorate) && (!company || c.companyId === company))
      .map((c) => ({ value: c.id, label: c.name }));
  }
  if (id.includes('sector')) {
    if (!company) return [];
    return ref.sectors.filter((s) => s.companyId === company).map((s) => ({ value: s.id, label: s.name }));
  }
  if (id.includes('company'))
    return ref.companies
      .filter((c) => !governorate || c.governorateIds.includes(governorate))
      .map((c) => ({ value: c.id, label: c.name }));
  if (id.includes('governorate')) return ref.governorates.map((g) => ({ value: g.id, label: g.name }));
  return [];
}

export function handleField(input: FieldHandlerInput, reference: TReferenceData): TFieldHandlerResult {
  const fields = activityFields(input.service, input.activityId);
  if (!fields) throw new AppError('ACTIVITY_NOT_FOUND', `${input.service.serviceSlug} has no activity ${input.activityId}`);
  const field: TFieldSchema | undefined = Object.prototype.hasOwnProperty.call(fields, input.fieldId)
    ? fields[input.fieldId]
    : undefined;
  if (!field) throw new AppError('INVALID_INPUT', 'No such field', { fieldErrors: { fieldId: ['value-not-allowed'] } });
  if (field.lazyLoad) {
    const deps = Object.fromEntries(
      field.lazyLoad.apiDependencies.map((d) => [d, input.apiDependencies?.[d] ?? input.data?.[d]] as const),
    );
    return { options: lazyOptions(input.fieldId, deps, reference) };
  }
  // One field's check: the whole form's rules, reported for this field only.
  const codes = fieldCodes(input.service, input.activityId, input.fieldId, input.data ?? {});
  return { fieldErrors: codes.length > 0 ? { [input.fieldId]: codes } : {} };
}
