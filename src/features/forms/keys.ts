/** The form engine's query keys: a lazy select's options, a fixed form's precompiled validator. */
export const formKeys = {
  fieldOptions: (loaderKey: string | undefined, fieldId: string, dependencies: Record<string, unknown>) =>
    ['fieldOptions', loaderKey, fieldId, dependencies] as const,
  validator: (formKey: string, schemaHash: string) => ['formValidator', formKey, schemaHash] as const,
};
