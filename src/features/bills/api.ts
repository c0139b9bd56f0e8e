import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillStatus } from '../../../contract/bills.ts';
import { billRoutes } from '../../../contract/refs/routes-bills.ts';
import { apiCall } from '../../lib/api-client.ts';
import { billKeys } from './keys.ts';
import { USER_DATA, freshWhileOnline } from '../../lib/offline-data.ts';

/**
 * Tariffs (public: kept in the persisted query cache, so the bill calculator works offline once they were read)
 * and the signed-in citizen's bills (kept offline for that user only, src/lib/offline-data.ts; the user id is in the key).
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
    // Kept on the device for its user (decision 053): offline, the last copy is shown with its age.
    staleTime: freshWhileOnline,
    placeholderData: keepPreviousData,
    meta: USER_DATA,
  });

export const useBills = (f: BillFilters) => useQuery(billsQuery(f));
