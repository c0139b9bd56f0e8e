import type { FormKey } from '../../../contract/form-schema.ts';
import type { TFieldsSchema } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { listUserTypes } from '../identity/signup.ts';
import {
  activityValidatorModule,
  fixedFormSchema,
  fixedFormValidatorModule,
  type ServiceForForms,
  type ValidatorModule,
} from './validators.ts';

/** A service activity's validator module (generated once per service id + version + activity). */
export const activityValidatorModuleFor = (service: ServiceForForms, activityId: string): ValidatorModule | undefined =>
  activityValidatorModule(service, activityId);

/** A fixed form's module: `contact`, or sign-up / profile of a user type read from the database. */
export async function formValidatorModuleFor(db: Db, formKey: FormKey): Promise<ValidatorModule | undefined> {
  let userTypeSchema: TFieldsSchema | undefined;
  if (formKey !== 'contact') {
    const userSlug = formKey.slice(formKey.indexOf('.') + 1);
    const [type] = await listUserTypes(db, { userSlug });
    if (!type) return undefined;
    userTypeSchema = type.schema;
  }
  const schema = fixedFormSchema(formKey, userTypeSchema);
  return schema ? fixedFormValidatorModule(schema) : undefined;
}
