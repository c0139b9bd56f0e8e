import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMeterBody, TMeterDecisionBody, TMeterStatus, TReadingBody } from '../../../contract/meters.ts';
import { meterRoutes } from '../../../contract/refs/routes-meters.ts';
import { routes } from '../../../contract/refs/routes.ts';
import { apiCall } from '../../lib/api-client.ts';
import { sharedKeys } from '../../lib/query-keys.ts';
import { meterKeys } from './keys.ts';
import { freshWhileOnline } from '../../lib/offline-data.ts';

/*
 * Meters and readings as the screens read and write them (issue 12). The citizen's meters and readings are kept in
 * the offline cache under the user's id (a field reader opens the reading screen offline) and forgotten at
 * sign-out (src/lib/session.ts); the staff list is private (`persist: false`). Readings are sent through the
 * outbox (kind `meterReading`, src/features/outbox/kinds.ts), never from here.
 */

export const metersQuery = () =>
  queryOptions({
    queryKey: meterKeys.list(),
    queryFn: ({ signal }) => apiCall(meterRoutes.meterList, {}, { signal }),
    // Read again whenever shown online (a decision may have come in); offline, the kept copy is shown as it is.
    staleTime: freshWhileOnline,
  });
export const useMeters = () => useQuery(metersQuery());

export const readingsQuery = (meterId: string) =>
  queryOptions({
    queryKey: meterKeys.readings(meterId),
    queryFn: ({ signal }) => apiCall(meterRoutes.readingList, { params: { id: meterId } }, { signal }),
    staleTime: freshWhileOnline,
  });
export const useReadings = (meterId: string | undefined) =>
  useQuery({ ...readingsQuery(meterId ?? ''), enabled: meterId !== undefined && meterId !== '' });

/** After a meter or reading write: the lists are read again when next shown. */
export function refreshMeters(qc: ReturnType<typeof useQueryClient> | undefined) {
  void qc?.invalidateQueries({ queryKey: meterKeys.all });
}

export function useSaveMeter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string | undefined; version?: number | undefined; body: TMeterBody }) =>
      input.id
        ? apiCall(meterRoutes.meterUpdate, { params: { id: input.id }, body: { ...input.body, version: input.version ?? 1 } })
        : apiCall(meterRoutes.meterAdd, { body: input.body }),
    onSuccess: () => refreshMeters(qc),
  });
}

export function useRemoveMeter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number; reason?: string | undefined }) =>
      apiCall(meterRoutes.meterRemove, {
        params: { id: input.id },
        body: { version: input.version, ...(input.reason ? { reason: input.reason } : {}) },
      }),
    onSuccess: () => refreshMeters(qc),
  });
}

/** Governorates, companies, sectors and service centers (public reference data, the content pages' cache key). */
export const useReference = () =>
  useQuery({
    queryKey: sharedKeys.serviceCenters(),
    queryFn: ({ signal }) => apiCall(routes.serviceCenters, {}, { signal }),
  });

/** A page of the staff meter list (`limit` meters from `skip`, with the total). */
export const useStaffMeters = (status: TMeterStatus, page: { limit: number; skip: number }) =>
  useQuery({
    queryKey: meterKeys.staff(status, page.skip),
    queryFn: ({ signal }) => apiCall(meterRoutes.staffMeterList, { query: { status, ...page } }, { signal }),
    placeholderData: keepPreviousData,
    meta: { persist: false },
    refetchInterval: 90_000,
  });

export function useDecideMeter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string } & TMeterDecisionBody) => {
      const { id, ...body } = input;
      return apiCall(meterRoutes.staffMeterDecide, { params: { id }, body });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: meterKeys.staffAll }),
  });
}

export type { TReadingBody };
