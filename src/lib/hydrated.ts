import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React draws the server's HTML again (decision 031: a public page is drawn by the server, then
 * hydrated), true after: what depends on the device (its browser, storage, media queries) is drawn after the
 * first frame, so that frame matches the server's.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** A media query's answer, `serverValue` in the server's frame and in the browser's first one. */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? serverValue,
    () => serverValue,
  );
}
