import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestRoutes } from '../../../contract/refs/routes-requests.ts';
import { apiCall } from '../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/**
 * In-app notifications (spec section 7 "Notifications"): the unseen count for the header's bell, the list, and
 * marking them seen (the bell was opened) or read (one was opened, or "mark all read"). Private to the signed-in
 * user (never persisted; the user id is in the key). Spec section 9: notification queries have zero stale time.
 */

/** How often the bell asks again while the page stays open. */
export const COUNT_REFRESH_MS = 60_000;

export const notificationCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: ({ signal }) => apiCall(requestRoutes.notificationCount, {}, { signal }),
    staleTime: 0,
    meta: { persist: false },
  });

export const useNotificationCount = () =>
  useQuery({ ...notificationCountQuery(), refetchInterval: COUNT_REFRESH_MS, refetchOnWindowFocus: true });

export const notificationsQuery = (page: number, limit = 10) =>
  queryOptions({
    queryKey: notificationKeys.list(page, limit),
    queryFn: ({ signal }) => apiCall(requestRoutes.notifications, { query: { limit, skip: (page - 1) * limit } }, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export const useNotifications = (page: number, limit = 10, enabled = true) =>
  useQuery({ ...notificationsQuery(page, limit), enabled });

/** Seen: the bell was opened (all of them, or the given ids). The count drops to zero at once. */
export function useMarkAsSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => apiCall(requestRoutes.notificationsMarkAsSeen, { body: ids ? { ids } : {} }),
    onMutate: () => qc.setQueryData(notificationKeys.count(), { count: 0 }),
    onSettled: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Read: one was opened, or "mark all read". */
export function useMarkAsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) => apiCall(requestRoutes.notificationsMarkAsRead, { body: which }),
    onSettled: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
