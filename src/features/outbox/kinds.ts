import { requestRoutes } from '../../../contract/refs/routes-requests.ts';
import { meterRoutes } from '../../../contract/refs/routes-meters.ts';
import { READING_PHOTO } from '../../../contract/meters.ts';
import { OWNER_TOKEN_HEADER, type TSubmitResult } from '../../../contract/requests.ts';
import { rememberOwnerToken, ownerTokenFor } from '../../lib/request-owner-tokens.ts';
import { sessionClient } from '../../lib/session.ts';
import { registerOutboxKind, type OutboxKind } from './engine.ts';
import type { OutboxRecord } from './store.ts';
import { rootKeys } from '../../lib/query-keys.ts';

/**
 * The kinds of write the outbox sends (decision 019). Registered here, not by their screens, so that a replay at
 * start-up sends any of them without loading the screen that made it. A new kind (meter readings) is one entry.
 */

/** An anonymous filer's token for the request a write is about (requests filed without an account). */
const ownerHeader = async (record: OutboxRecord): Promise<Record<string, string>> => {
  const id = record.input.params?.id;
  const token = id ? await ownerTokenFor(id) : undefined;
  return token ? { [OWNER_TOKEN_HEADER]: token } : {};
};

/** An employee's write carries the owner token of when it was made, not of when it is sent (decision 025). */
export const ownerTokenOfWrite = (record: OutboxRecord): Record<string, string> =>
  record.meta.requestOwnerToken ? { [OWNER_TOKEN_HEADER]: record.meta.requestOwnerToken } : {};

/** What a write changed: the request lists and pages, the drafts, read again when next shown. */
const refresh = () => {
  const client = sessionClient();
  void client?.invalidateQueries({ queryKey: rootKeys.requests });
  void client?.invalidateQueries({ queryKey: rootKeys.drafts });
};

const KINDS: Record<string, OutboxKind> = {
  requestSubmit: {
    route: requestRoutes.requestSubmit,
    headers: ownerTokenOfWrite,
    upload: requestRoutes.attachmentUpload,
    onSent: async (result) => {
      const r = result as TSubmitResult | undefined;
      // A visitor's only way back to the request: kept on the device at once.
      if (r?.ownerToken)
        await rememberOwnerToken(r.id, {
          token: r.ownerToken,
          requestNumber: r.ID,
          serviceSlug: r.serviceSlug,
          createdAt: r.createdAt,
        });
      refresh();
    },
  },
  requestUpdate: {
    route: requestRoutes.requestUpdate,
    upload: requestRoutes.attachmentUpload,
    headers: ownerHeader,
    onSent: refresh,
  },
  requestComment: { route: requestRoutes.requestComment, headers: ownerHeader, onSent: refresh },
  // "Save as draft" offline: the PUT of a client-made id is idempotent by itself.
  draftSave: { route: requestRoutes.draftSave, onSent: refresh },
  draftDelete: { route: requestRoutes.draftDelete, onSent: refresh, doneOn: (e) => e.status === 404 },
  // A meter reading (issue 12): its photo goes up first through the METER_READING service's upload.
  meterReading: {
    route: meterRoutes.readingSubmit,
    upload: requestRoutes.attachmentUpload,
    uploadParams: () => ({ serviceSlug: READING_PHOTO.serviceSlug }),
    onSent: () => void sessionClient()?.invalidateQueries({ queryKey: rootKeys.meters }),
  },
};

for (const [id, kind] of Object.entries(KINDS)) registerOutboxKind(id, kind);
