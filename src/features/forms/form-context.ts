import { createContext, useContext, type ReactNode } from 'react';

/*
 * What the form hands its widgets besides their own value: the whole form's data (for lazy selects' dependencies),
 * the options loader, the file uploader. Given by <SchemaForm>'s props.
 */

/** A file kept by the server for a file or image field (what the form stores for it). */
export type UploadedFile = { id: string; name?: string | undefined; size?: number | undefined; mime?: string | undefined };

/** A file being uploaded: the widget shows its name, size and progress. */
export type UploadProgress = (fraction: number) => void;

export type UploadFile = (
  file: File,
  ctx: { fieldId: string; onProgress: UploadProgress; signal: AbortSignal },
) => Promise<UploadedFile>;

export type LoadOptions = (fieldId: string, dependencies: Record<string, unknown>) => Promise<{ value: string; label: string }[]>;

export type FormContextValue = {
  formData: Record<string, unknown>;
  loadOptions?: LoadOptions | undefined;
  /** Changes with `loadOptions` (part of the options' cache key). */
  loaderKey?: string | undefined;
  uploadFile?: UploadFile | undefined;
  /** Shown under a field (by its path), e.g. the password rule checklist; its id goes in `ui:options.afterId`. */
  after?: Record<string, ReactNode> | undefined;
};

export const FormDataContext = createContext<FormContextValue>({ formData: {} });
export const useFormContext = () => useContext(FormDataContext);
