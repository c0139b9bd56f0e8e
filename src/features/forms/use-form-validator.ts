import { useQuery } from '@tanstack/react-query';
import type { FormKey, FormSchema } from '../../../contract/form-schema.ts';
import { schemasHash } from '../../../contract/form-schema.ts';
import { formKeys } from './keys.ts';
import { loadFormValidator, type FormValidator } from './validator.ts';

/**
 * The precompiled validator of a fixed form (contact, sign-up, profile) for the schema the screen draws: loaded
 * once from the server's immutable module (kept by the service worker for offline use).
 */
export function useFormValidator(formKey: FormKey, schema: FormSchema | undefined) {
  return useQuery<FormValidator>({
    queryKey: formKeys.validator(formKey, schema ? schemasHash([schema]) : ''),
    queryFn: () => loadFormValidator(formKey, schema!),
    enabled: schema !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    // A validator is code (functions): it is never written to the persisted query cache.
    meta: { persist: false },
  });
}
