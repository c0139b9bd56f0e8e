import { useSyncExternalStore } from 'react';
import { onApiError } from './api-client.ts';

/**
 * Process-wide UI state that does not belong to a page: the maintenance message (an API 418 replaces the
 * app with the maintenance page, spec section 8). Session clearing on 401/403 joins this in the identity work.
 */
type State = { maintenance: string | undefined };
const FIRST: State = { maintenance: undefined };
let state: State = FIRST;
const subscribers = new Set<() => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  subscribers.forEach((s) => s());
};

onApiError((e) => {
  if (e.status === 418) set({ maintenance: e.message });
});

export const useAppState = (): State =>
  useSyncExternalStore(
    (cb) => {
      subscribers.add(cb);
      return () => subscribers.delete(cb);
    },
    () => state,
    // A server-drawn page (decision 031) is never the maintenance page.
    () => FIRST,
  );
