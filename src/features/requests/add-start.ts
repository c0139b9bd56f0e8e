import { requestRoutes } from '../../../contract/refs/routes-requests.ts';
import { apiCall } from '../../lib/api-client.ts';
import { readWrite, type OutboxError } from '../outbox/index.ts';
import type { FormValues } from '../forms/schema-form.tsx';
import { loadLocalDraft, type DraftTarget } from './local-drafts.ts';

/** What the add-request form opens on. */
export type AddStart = {
  data?: FormValues | undefined;
  stepId: string | null;
  /** The refusal of the outbox write it continues. */
  error?: OutboxError | undefined;
  /** The outbox write is still there to be edited (else the page sends a new one). */
  editing: boolean;
  /** It is the device's autosave (of the server draft `serverId`, if it was saved there). */
  fromDevice?: { serverId: string | undefined };
};

/**
 * What the add-request form continues: a write the server refused (`?outbox=`), else a server draft (`?draft=`,
 * the device's copy of it when that is newer: typed offline after saving), else this device's autosave.
 */
export async function loadAddStart({
  target,
  draftId,
  outboxId,
  signedIn,
}: {
  target: DraftTarget;
  draftId?: string | undefined;
  outboxId?: string | undefined;
  signedIn: boolean;
}): Promise<AddStart> {
  const local = await loadLocalDraft(target);
  const start: AddStart = { stepId: null, editing: Boolean(outboxId) };
  if (outboxId) {
    const record = await readWrite(outboxId);
    const body = record?.input.body as { data?: FormValues } | undefined;
    if (record && body?.data) {
      start.data = body.data;
      start.error = record.lastError;
    } else start.editing = false;
  }
  if (!start.data && draftId && signedIn) {
    const page = await apiCall(requestRoutes.draftList, { query: { serviceSlug: target.serviceSlug, limit: 50 } }).catch(
      () => undefined,
    );
    const draft = page?.items.find((d) => d.id === draftId);
    if (local?.serverId === draftId && (!draft || local.updatedAt > Date.parse(draft.updatedAt))) {
      start.data = local.data;
      start.stepId = local.stepId;
    } else if (draft) {
      start.data = draft.data;
      start.stepId = draft.stepId;
    }
  }
  if (!start.data && local) {
    start.data = local.data;
    start.stepId = local.stepId;
    start.fromDevice = { serverId: local.serverId };
  }
  return start;
}
