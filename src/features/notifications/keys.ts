import { readHints } from '../../lib/session.ts';

/** Notifications' query keys: private, under the user's id. */
const userKey = () => readHints()?.userId ?? '';
export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', userKey(), 'count'] as const,
  list: (page: number, limit: number) => ['notifications', userKey(), 'list', page, limit] as const,
};

/** This user's devices subscribed to pushes (decision 051): private, under the user's id. */
export const pushKeys = {
  devices: () => ['push-devices', userKey()] as const,
};
