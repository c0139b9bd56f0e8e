import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { OWNER_TOKEN_HEADER, REQUEST_NUMBER, ZRequestId, type TRequestDetail } from '../../../../contract/requests.ts';
import { requestRoutes } from '../../../../contract/refs/routes-requests.ts';
import type { requestRoutes as contract } from '../../../../contract/routes-requests.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { ownerTokenFor } from '../../../lib/request-owner-tokens.ts';
import { readHints } from '../../../lib/session.ts';
import { requestKeys } from '../keys.ts';
import { USER_DATA, freshWhileOnline } from '../../../lib/offline-data.ts';

/**
 * A citizen's requests as the tracking screens read them (spec section 7 "Requests per service"): one request
 * with its timeline, comments, attachments and printings; my requests across services (/inbox) or of one
 * service (the service page); my papers. Every answer is private: a signed-in citizen's own are kept on the device
 * for that user (`meta: USER_DATA`, decision 053: they open offline with their age) and a sign-out drops them
 * (src/lib/session.ts); a visitor's request (owner token) is never kept. A visitor reads a request filed on this device
 * without an account with its owner token (`Request-Owner-Token`, kept by the filing screens).
 */

/** The owner-token header of an anonymous request of this device (nothing for a signed-in user). */
export async function ownerHeaders(requestId: string): Promise<Record<string, string>> {
  if (readHints('user')) return {};
  const token = await ownerTokenFor(requestId).catch(() => undefined);
  return token ? { [OWNER_TOKEN_HEADER]: token } : {};
}

/** Whether this device may read the request: signed in (the server checks the owner), or holds its token. */
export async function canTryToRead(requestId: string): Promise<boolean> {
  return readHints('user') !== null || (await ownerTokenFor(requestId).catch(() => undefined)) !== undefined;
}

/** An entry address names a request by its id, or by its number (`CODEMETER-2026-000123`). */
export const isEntryRef = (entryId: string): boolean => ZRequestId.safeParse(entryId).success || REQUEST_NUMBER.test(entryId);
const entryWhere = (entryId: string): { id: string } | { ID: string } =>
  ZRequestId.safeParse(entryId).success ? { id: entryId } : { ID: entryId };

export const requestQuery = (serviceSlug: string, id: string) =>
  queryOptions({
    queryKey: requestKeys.one(serviceSlug, id),
    queryFn: async ({ signal }) =>
      apiCall(
        requestRoutes.requestFindOne,
        { params: { serviceSlug }, filter: { where: entryWhere(id) }, query: { withDocuments: 'true' } },
        { signal, headers: await ownerHeaders(id) },
      ),
    // A request moves on while the citizen looks at it: read it again on every visit (offline: the kept copy).
    staleTime: freshWhileOnline,
    meta: USER_DATA,
  });

export const useRequest = (serviceSlug: string, id: string) => useQuery(requestQuery(serviceSlug, id));

/** One request as its owner reads it to answer an activity (an anonymous filer with this device's owner token). */
export const activityRequestQuery = (serviceSlug: string, id: string) =>
  queryOptions({
    queryKey: requestKeys.forActivity(serviceSlug, id),
    queryFn: async ({ signal }) => {
      const token = await ownerTokenFor(id);
      return apiCall(
        requestRoutes.requestFindOne,
        { params: { serviceSlug }, filter: { where: { id } } },
        { signal, ...(token ? { headers: { [OWNER_TOKEN_HEADER]: token } } : {}) },
      );
    },
    meta: { persist: false },
    staleTime: 0,
  });

export type InboxFilters = {
  service?: string | undefined;
  status?: string | undefined;
  number?: string | undefined;
  page: number;
};
export const PAGE_SIZE = 10;

export const inboxQuery = (f: InboxFilters) =>
  queryOptions({
    queryKey: requestKeys.inbox(f),
    queryFn: ({ signal }) =>
      apiCall(
        requestRoutes.requestInbox,
        {
          query: {
            ...(f.service ? { serviceSlug: f.service } : {}),
            ...(f.status ? { status: f.status } : {}),
            ...(f.number ? { number: f.number } : {}),
            limit: PAGE_SIZE,
            skip: (f.page - 1) * PAGE_SIZE,
          },
        },
        { signal },
      ),
    staleTime: freshWhileOnline,
    placeholderData: keepPreviousData,
    meta: USER_DATA,
  });

export const useInbox = (f: InboxFilters) => useQuery(inboxQuery(f));

/** The signed-in citizen's latest requests of one service (the service page's table). */
export const serviceRequestsQuery = (serviceSlug: string, page: number) =>
  queryOptions({
    queryKey: requestKeys.ofService(serviceSlug, page),
    queryFn: ({ signal }) =>
      apiCall(
        requestRoutes.requestList,
        { params: { serviceSlug }, query: { limit: 5, skip: (page - 1) * 5 } },
        {
          signal,
        },
      ),
    staleTime: freshWhileOnline,
    placeholderData: keepPreviousData,
    meta: USER_DATA,
  });

/** My papers: every document issued to me. */
export const documentsQuery = (page: number) =>
  queryOptions({
    queryKey: requestKeys.documents(page),
    queryFn: ({ signal }) =>
      apiCall(requestRoutes.documentList, { query: { limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE } }, { signal }),
    staleTime: freshWhileOnline,
    placeholderData: keepPreviousData,
    meta: USER_DATA,
  });

/* ---- writes on a request: cancel (online; comments and replies go through the outbox) ---- */

/** A device-made key for a replayable write (kept by the screen while the same write is retried). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

type CancelBody = z.input<typeof contract.requestCancel.body>;

export function useCancelRequest(serviceSlug: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, body }: { key: string; body: CancelBody }) =>
      apiCall(
        requestRoutes.requestCancel,
        { params: { serviceSlug, id }, body },
        { idempotencyKey: key, headers: await ownerHeaders(id) },
      ),
    onSuccess: (detail: TRequestDetail) => {
      qc.setQueryData(requestKeys.one(serviceSlug, id), (old: TRequestDetail | undefined) => ({
        ...detail,
        documents: detail.documents ?? old?.documents,
      }));
      void qc.invalidateQueries({ queryKey: requestKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
    },
  });
}

/* ---- files: attachments and printings ---- */

export const attachmentUrl = (id: string): string => `/api/attachments/${encodeURIComponent(id)}`;
export const documentPdfUrl = (id: string): string => `/api/documents/${encodeURIComponent(id)}/pdf`;

/**
 * Downloads a file of an anonymous request: a plain link cannot send the owner token, so the file is fetched with
 * it and handed to the browser under its name. Signed-in users follow the link itself (their cookie suffices).
 */
export async function downloadWithOwnerToken(url: string, requestId: string, fileName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include', headers: await ownerHeaders(requestId) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
