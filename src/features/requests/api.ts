import { queryOptions } from '@tanstack/react-query';
import type { TLang } from '../../../contract/common.ts';
import { requestRoutes } from '../../../contract/refs/routes-requests.ts';
import { ApiError, apiCall } from '../../lib/api-client.ts';
import { apiUpload } from '../../lib/api-upload.ts';
import { readHints } from '../../lib/session.ts';
import { draftKeys } from './keys.ts';
import { keepPendingFile } from './local-drafts.ts';

/**
 * The filing screens' calls: the user's server drafts, a lazy select's options (fieldHandler) and a form's file
 * uploads. Writes (submissions, updates, draft saves) go through the outbox (src/features/outbox).
 */

/** The signed-in user's drafts saved on the server. Private: never written to the offline cache. */
export const serverDraftsQuery = (serviceSlug?: string) =>
  queryOptions({
    queryKey: draftKeys.list(readHints()?.userId ?? '', serviceSlug),
    queryFn: ({ signal }) =>
      apiCall(requestRoutes.draftList, { query: { limit: 50, ...(serviceSlug ? { serviceSlug } : {}) } }, { signal }),
    meta: { persist: false },
    staleTime: 0,
  });

/** A lazy select's options: POST fieldHandler with the values it depends on. */
export const loadFieldOptions =
  (serviceSlug: string, activityId: string, lang: TLang, requestId?: string) =>
  async (fieldId: string, apiDependencies: Record<string, unknown>): Promise<{ value: string; label: string }[]> => {
    const result = await apiCall(requestRoutes.fieldHandler, {
      params: { serviceSlug },
      body: { activityId, fieldId, apiDependencies, ...(requestId ? { requestId } : {}) },
    });
    return (result.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }));
  };

export type FormFile = { id: string; name: string; size: number; type?: string | undefined };

/** The form's value for a file still on the device (chosen offline): uploaded by the outbox with the write. */
export const LOCAL_FILE = 'local:';

/**
 * Uploads one file of a form at once, with progress, under its own Idempotency-Key. Offline (no answer), the
 * file is kept on the device and the form holds `local:<key>`: the outbox uploads it before sending the write.
 */
export const uploadFormFile =
  (serviceSlug: string, activityId: string, headers?: Record<string, string>) =>
  async (
    file: File,
    ctx: { fieldId: string; onProgress: (fraction: number) => void; signal: AbortSignal },
  ): Promise<FormFile> => {
    const key = crypto.randomUUID();
    try {
      const ref = await apiUpload(requestRoutes.attachmentUpload, { params: { serviceSlug } }, file, {
        idempotencyKey: key,
        signal: ctx.signal,
        headers: {
          ...headers,
          'x-field-id': ctx.fieldId,
          'x-activity-id': activityId,
          'x-file-name': encodeURIComponent(file.name),
        },
        onProgress: (p) => ctx.onProgress(p.total ? p.loaded / p.total : 0),
      });
      return { id: ref.id, name: ref.name, size: ref.size, type: ref.mime };
    } catch (err) {
      if (err instanceof ApiError && err.status === 0 && err.code !== 'CANCEL') {
        await keepPendingFile(key, file);
        ctx.onProgress(1);
        return { id: `${LOCAL_FILE}${key}`, name: file.name, size: file.size, type: file.type };
      }
      throw err;
    }
  };
