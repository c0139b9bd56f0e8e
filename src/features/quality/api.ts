import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFollowUpStatus, TContactStatus, TQualityQuery } from '../../../contract/quality.ts';
import { qualityRoutes as q } from '../../../contract/refs/routes-quality.ts';
import { apiCall } from '../../lib/api-client.ts';
import { qualityKeys } from './keys.ts';

/*
 * Service quality (issue 26, decision 066) as the employee build's screen reads and writes it. Every answer is
 * private to the staff member (`persist: false`); a write refreshes the lists.
 */

const PRIVATE = { persist: false } as const;

export const useQualitySummary = (kind: 'ratings' | 'breaches', query: TQualityQuery) =>
  useQuery({
    queryKey: qualityKeys.summary(kind, query),
    queryFn: ({ signal }) =>
      kind === 'ratings' ? apiCall(q.qualityRatings, { query }, { signal }) : apiCall(q.qualityBreaches, { query }, { signal }),
    placeholderData: keepPreviousData,
    meta: PRIVATE,
  });

/** Items a page of the follow-ups, messages and comments. */
export const QUALITY_PAGE = 20;

/** A page of one of the desk's lists: kept on screen while the next page loads. */
function usePagedList<T>(
  key: readonly unknown[],
  read: (page: { limit: number; skip: number }, signal: AbortSignal) => Promise<T>,
  skip: number,
) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => read({ limit: QUALITY_PAGE, skip }, signal),
    placeholderData: keepPreviousData,
    meta: PRIVATE,
  });
}

export const useFollowUps = (status: TFollowUpStatus | undefined, skip: number) =>
  usePagedList(
    qualityKeys.followUps(status, skip),
    (page, signal) => apiCall(q.qualityFollowUps, { query: { ...(status ? { status } : {}), ...page } }, { signal }),
    skip,
  );

export const useComments = (text: string, skip: number) =>
  usePagedList(
    qualityKeys.comments(text, skip),
    (page, signal) => apiCall(q.qualityComments, { query: { ...(text ? { q: text } : {}), ...page } }, { signal }),
    skip,
  );

export const useContactMessages = (status: TContactStatus | undefined, skip: number) =>
  usePagedList(
    qualityKeys.contact(status, skip),
    (page, signal) => apiCall(q.contactMessages, { query: { ...(status ? { status } : {}), ...page } }, { signal }),
    skip,
  );

export const useColleagues = () =>
  useQuery({
    queryKey: qualityKeys.colleagues(),
    queryFn: ({ signal }) => apiCall(q.qualityColleagues, {}, { signal }),
    staleTime: 5 * 60_000,
    meta: PRIVATE,
  });

function useQualityWrite<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: qualityKeys.all }) });
}

export const useFollowUpReply = () =>
  useQualityWrite((i: { id: string; message: string }) =>
    apiCall(q.qualityFollowUpReply, { params: { id: i.id }, body: { message: i.message } }),
  );
export const useFollowUpStatus = () =>
  useQualityWrite((i: { id: string; status: 'contacted' | 'resolved' }) =>
    apiCall(q.qualityFollowUpStatus, { params: { id: i.id }, body: { status: i.status } }),
  );
export const useContactAssign = () =>
  useQualityWrite((i: { id: string; assigneeId: string | null }) =>
    apiCall(q.contactAssign, { params: { id: i.id }, body: { assigneeId: i.assigneeId } }),
  );
export const useContactReply = () =>
  useQualityWrite((i: { id: string; channel: 'email' | 'sms'; message: string }) =>
    apiCall(q.contactReply, { params: { id: i.id }, body: { channel: i.channel, message: i.message } }),
  );
export const useContactClose = () => useQualityWrite((i: { id: string }) => apiCall(q.contactClose, { params: { id: i.id } }));
