import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCitizenFinanceQuery } from '../../../contract/finance.ts';
import type { TInboxFilter, TStaffRequestDetail } from '../../../contract/staff.ts';
import { staffRoutes } from '../../../contract/refs/routes-staff.ts';
import { apiCall } from '../../lib/api-client.ts';
import { staffKeys } from './keys.ts';

/*
 * The staff workspace's reads and writes (issue 11): the inbox (refetched every 90 s, spec section 9), one request
 * as staff see it, and the actions on it. Every answer is private (`meta.persist: false`: never in the offline
 * cache, dropped at sign-out). Actions are online writes: each names the version it saw, and a 409
 * REQUEST_CHANGED comes back with who changed the request, what and when (decision 023).
 */

/** The employee table refetch interval (spec section 9). */
export const INBOX_REFETCH_MS = 90_000;

export function useInbox(filter: TInboxFilter) {
  return useQuery({
    queryKey: staffKeys.inbox(filter),
    queryFn: ({ signal }) =>
      filter.serviceSlug
        ? apiCall(staffRoutes.requestsInbox, { filter }, { signal })
        : apiCall(staffRoutes.staffInbox, { filter }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: INBOX_REFETCH_MS,
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useInboxCount(filter: TInboxFilter) {
  return useQuery({
    queryKey: staffKeys.count(filter),
    queryFn: ({ signal }) => apiCall(staffRoutes.staffInboxCount, { filter }, { signal }),
    refetchInterval: INBOX_REFETCH_MS,
    staleTime: 0,
    meta: { persist: false },
  });
}

export const staffRequestQuery = (serviceSlug: string, id: string) =>
  queryOptions({
    queryKey: staffKeys.one(serviceSlug, id),
    queryFn: ({ signal }) => apiCall(staffRoutes.staffRequest, { params: { serviceSlug, id } }, { signal }),
    staleTime: 0,
    meta: { persist: false },
  });

export const useStaffRequest = (serviceSlug: string, id: string) => useQuery(staffRequestQuery(serviceSlug, id));

export function useColleagues(serviceSlug: string, id: string) {
  return useQuery({
    queryKey: staffKeys.colleagues(serviceSlug, id),
    queryFn: ({ signal }) => apiCall(staffRoutes.staffColleagues, { params: { serviceSlug, id } }, { signal }),
    meta: { persist: false },
  });
}

export function useInstallationCompanies() {
  return useQuery({
    queryKey: staffKeys.companies,
    queryFn: ({ signal }) => apiCall(staffRoutes.installationCompanies, {}, { signal }),
    meta: { persist: false },
  });
}

export function useUserGuides() {
  return useQuery({
    queryKey: staffKeys.guides,
    queryFn: ({ signal }) => apiCall(staffRoutes.userGuides, {}, { signal }),
    meta: { persist: false },
  });
}

export type StaffAction =
  | { kind: 'assign'; assigneeId: string | null }
  | { kind: 'status'; to: string; comment?: string | undefined }
  | { kind: 'comment'; body: string; internal: boolean }
  | { kind: 'escalate'; escalated: boolean; reason?: string }
  | { kind: 'fee'; feePiastres: number };

/** One action on the request, at the version on screen; the answer replaces the request on screen. */
export function useStaffAction(request: Pick<TStaffRequestDetail, 'serviceSlug' | 'id' | 'version'>) {
  const qc = useQueryClient();
  const params = { serviceSlug: request.serviceSlug, id: request.id };
  return useMutation({
    mutationFn: (a: StaffAction) => {
      const version = request.version;
      switch (a.kind) {
        case 'assign':
          return apiCall(staffRoutes.staffAssign, { params, body: { version, assigneeId: a.assigneeId } });
        case 'status':
          return apiCall(staffRoutes.staffStatus, {
            params,
            body: { version, to: a.to, ...(a.comment ? { comment: a.comment } : {}) },
          });
        case 'comment':
          return apiCall(staffRoutes.staffComment, { params, body: { version, body: a.body, internal: a.internal } });
        case 'escalate':
          return apiCall(staffRoutes.staffEscalate, {
            params,
            body: { version, escalated: a.escalated, ...(a.reason ? { comment: a.reason } : {}) },
          });
        case 'fee':
          return apiCall(staffRoutes.staffSetFee, { params, body: { version, feePiastres: a.feePiastres } });
      }
    },
    onSuccess: (detail) => {
      qc.setQueryData(staffKeys.one(request.serviceSlug, request.id), detail);
      void qc.invalidateQueries({ queryKey: staffKeys.inboxes });
    },
  });
}

export function useBulkAssign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestIds: string[]; installationCompanyId: string }) => apiCall(staffRoutes.bulkAssign, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** A citizen's bills, payments and papers as this staff member may read them (decision 060). */
/** A page of a citizen's payments (with their papers) and of their bills (decision 076: each list pages on its own). */
export function useCitizenFinance(citizenId: string, page: TCitizenFinanceQuery) {
  return useQuery({
    queryKey: staffKeys.finance(citizenId, page),
    queryFn: ({ signal }) => apiCall(staffRoutes.citizenFinance, { params: { id: citizenId }, query: page }, { signal }),
    // Another page keeps the one in view until it arrives (no skeleton in place of the page).
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { persist: false },
  });
}

/** Records a refund: the receipt is withdrawn and a credit note issued; the citizen's finance view is read again. */
export function useRefund(citizenId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentId: string; reason: string }) =>
      apiCall(staffRoutes.refundPayment, { params: { id: input.paymentId }, body: { reason: input.reason } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.finance(citizenId) }),
  });
}
