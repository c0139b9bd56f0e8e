import {
  createContext,
  createElement,
  startTransition,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

const Hydrated = createContext(true);
const noSubscription = () => () => undefined;

/**
 * False while React draws the server's HTML again (decision 031: a public page is drawn by the server, then
 * hydrated), true after: what depends on the device (its browser, storage, media queries) is drawn after the
 * first frame, so that frame matches the server's. Outside a `HydrationGate` (an app drawn by the browser
 * alone, a component's test) it is true.
 *
 * The store hook gives the server's frame to a component being hydrated, even one React hydrates after the
 * gate opened (a part that waited for its code); the gate decides the value afterwards, so a component
 * hydrated before it opens is not re-rendered at once but with the gate's transition.
 */
export const useHydrated = (): boolean => {
  const gate = useContext(Hydrated);
  return useSyncExternalStore(
    noSubscription,
    () => gate,
    () => false,
  );
};

/**
 * Says "hydrated" once, after the first frame is committed, as a transition: the components that draw
 * differently then re-render in slices the browser can interrupt, not as one sync render (the store hooks' way,
 * about 80 ms of a slow phone's main thread on /services, decision 031).
 */
export function HydrationGate({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(Hydrated.Provider, { value: hydrated }, children);
}

/**
 * A device value read from the browser (the theme's class, a media query): `serverValue` in the server's frame
 * and in the browser's first one, the device's after hydration (with the gate's transition, not a sync render).
 */
export function useDeviceValue<T>(
  subscribe: ((onChange: () => void) => () => void) | undefined,
  read: () => T,
  serverValue: T,
): T {
  const hydrated = useHydrated();
  return useSyncExternalStore(
    subscribe ?? noSubscription,
    () => (hydrated ? read() : serverValue),
    () => serverValue,
  );
}

/** A media query's answer, `serverValue` in the server's frame and in the browser's first one. */
export function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useDeviceValue(
    (onChange) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? serverValue,
    serverValue,
  );
}
