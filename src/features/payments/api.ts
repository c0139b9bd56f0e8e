import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPayment, TPaymentStart } from '../../../contract/payments.ts';
import { paymentRoutes } from '../../../contract/refs/routes-payments.ts';
import { requestRoutes } from '../../../contract/refs/routes-requests.ts';
import { apiCall } from '../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/**
 * Paying (spec sections 2 "Pay bills", "Payment status screen", `/pay/{serviceSlug}/{entryId}`; 7 paymentDetails,
 * paymentMeans, paymentStatus; decision 027). The server computes every amount: the screens show what it answers
 * and send only which bills or which request, and how to pay. Money answers are private and never persisted.
 */

/** While a payment waits for the gateway, the screen asks again this often (the citizen may also refresh). */
export const CHECK_EVERY_MS = 5_000;

/** The activity a request's fee is paid through (the services' `pay` activity). */
export const PAY_ACTIVITY = 'pay';

export const billsQuoteQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: paymentKeys.quote(ids),
    queryFn: ({ signal }) => apiCall(paymentRoutes.billsQuote, { query: { ids: ids.join(',') } }, { signal }),
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useBillsQuote = (ids: readonly string[]) => useQuery(billsQuoteQuery(ids));

/**
 * A payment the caller started. The first read asks the gateway when it is still pending (the citizen has just
 * come back from it, and its callback may come later); the checks that follow read what the server knows.
 */
export const usePayment = (id: string) =>
  useQuery({
    queryKey: paymentKeys.payment(id),
    queryFn: ({ signal, client, queryKey }) =>
      apiCall(
        paymentRoutes.payment,
        { params: { id }, query: { refresh: client.getQueryData(queryKey) ? 'false' : 'true' } },
        { signal },
      ),
    staleTime: 0,
    retry: false,
    meta: { persist: false },
    refetchInterval: (q) => (isWaiting(q.state.data) ? CHECK_EVERY_MS : false),
  });

/** Asks the gateway now (the "Refresh status" button), then shows the answer. */
export function useRefreshPayment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(paymentRoutes.payment, { params: { id }, query: { refresh: 'true' } }),
    onSuccess: (p) => qc.setQueryData(paymentKeys.payment(id), p),
  });
}

export const isWaiting = (p: TPayment | null | undefined): boolean => p?.status === 'started' || p?.status === 'pending';

/** The request a fee is for (its number, service and status). */
export const useFeeRequest = (serviceSlug: string, id: string) =>
  useQuery({
    queryKey: paymentKeys.request(serviceSlug, id),
    queryFn: ({ signal }) =>
      apiCall(requestRoutes.requestFindOne, { params: { serviceSlug }, filter: { where: { id } } }, { signal }),
    staleTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useFeeDetails = (serviceSlug: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.fee(serviceSlug, id),
    queryFn: ({ signal }) =>
      apiCall(paymentRoutes.paymentDetails, { params: { serviceSlug, id, activityId: PAY_ACTIVITY } }, { signal }),
    staleTime: 0,
    retry: false,
    enabled,
    meta: { persist: false },
  });

export const useFeeStatus = (serviceSlug: string, id: string) =>
  useQuery({
    queryKey: paymentKeys.feeStatus(serviceSlug, id),
    queryFn: ({ signal }) => apiCall(paymentRoutes.paymentStatus, { params: { serviceSlug, id } }, { signal }),
    staleTime: 0,
    retry: false,
    meta: { persist: false },
    refetchInterval: (q) => (q.state.data?.state === 'checking' ? CHECK_EVERY_MS : false),
  });

export type Means = { gatewayId?: TPayment['gatewayId'] | undefined; channel: TPayment['channel'] };

/**
 * Starting a payment: one Idempotency-Key per attempt (made when the citizen presses Pay and kept for a retry of
 * the same attempt), so a double press or a lost answer never starts two payments.
 */
export function usePayBills() {
  return useMutation({
    mutationFn: (v: { billIds: string[]; means: Means; idempotencyKey: string }): Promise<TPaymentStart> =>
      apiCall(
        paymentRoutes.payBills,
        { body: { billIds: v.billIds, ...v.means, successURL: RESULT_PATH, failureURL: RESULT_PATH } },
        { idempotencyKey: v.idempotencyKey },
      ),
  });
}

export function usePayFee(serviceSlug: string, id: string) {
  const qc = useQueryClient();
  const back = `/pay/${serviceSlug}/${id}`;
  return useMutation({
    mutationFn: (v: { means: Means; idempotencyKey: string }): Promise<TPaymentStart> =>
      apiCall(
        paymentRoutes.paymentMeans,
        { params: { serviceSlug, id, activityId: PAY_ACTIVITY }, body: { ...v.means, successURL: back, failureURL: back } },
        { idempotencyKey: v.idempotencyKey },
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** The bills' payment address (`/pay/{serviceSlug}/{entryId}` of PAYBILLS), where the gateway brings the citizen back (with `?paymentId=`). */
export const PAYBILLS = 'PAYBILLS';
export const BILLS_ENTRY = 'bills';
export const RESULT_PATH = `/pay/${PAYBILLS}/${BILLS_ENTRY}`;
/** The same address for links and navigation. */
export const BILLS_PAY = { to: '/pay/$serviceSlug/$entryId', params: { serviceSlug: PAYBILLS, entryId: BILLS_ENTRY } } as const;

/** The last payment this tab started: the result page's fallback when a gateway returns without its id. */
const LAST = 'kahraba.lastPayment';
export const rememberStarted = (id: string): void => {
  try {
    sessionStorage.setItem(LAST, id);
  } catch {
    /* private mode: the gateway's return carries the id */
  }
};
export const lastStarted = (): string | null => {
  try {
    return sessionStorage.getItem(LAST);
  } catch {
    return null;
  }
};
