import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillStatus } from '../../../contract/bills.ts';
import { billRoutes } from '../../../contract/refs/routes-bills.ts';
import { apiCall } from '../../lib/api-client.ts';
import { billKeys } from './keys.ts';

/**
 * Tariffs (public: kept in the persisted query cache, so the bill calculator works offline once they were read)
 * and the signed-in citizen's bills (private: never persisted; the user id is in the key).
 */

export const tariffsQuery = () =>
  queryOptions({
    queryKey: billKeys.tariffs,
    queryFn: ({ signal }) => apiCall(billRoutes.tariffs, {}, { signal }),
    // Prices change a few times a year: read again at most hourly; offline, the last copy serves.
    staleTime: 60 * 60 * 1000,
  });

export const useTariffs = () => useQuery(tariffsQuery());

export type BillFilters = { meterId?: string; status?: TBillStatus; limit: number; skip: number };

export const billsQuery = (f: BillFilters) =>
  queryOptions({
    queryKey: billKeys.list(f),
    queryFn: ({ signal }) => apiCall(billRoutes.billList, { query: f }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export const useBills = (f: BillFilters) => useQuery(billsQuery(f));
