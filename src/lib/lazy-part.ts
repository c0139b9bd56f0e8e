import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loaded<P> = { default: ComponentType<P> };

/** The loaders of the lazy parts a server-drawn page shows (decision 077). */
const drawnParts: (() => Promise<unknown>)[] = [];

/**
 * A part of the page whose code loads on its own (React's `lazy`), which the server may have drawn (decision 077).
 *
 * React hydrates such a part in the page's first pass only if its code is there when the pass reaches it. One still
 * loading is left as the server drew it, and any update above it before its code comes (the hydration gate opening
 * after the first frame, the router's state, a catalog) makes React throw the server's markup away and draw the
 * part anew once the code is there: whatever was done on it meanwhile is lost (the footer's "More" opened, an
 * e-mail address typed in the newsletter form). `drawnByServer` parts are loaded before hydration starts
 * (`preloadDrawnParts`, src/main.tsx); once loaded, the component is handed to React at once (a thenable already
 * settled, which React's `lazy` reads without waiting), so the first pass hydrates it with the rest of the page.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { drawnByServer?: boolean } = {},
): LazyExoticComponent<ComponentType<P>> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const preload = (): Promise<Loaded<P>> =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        // Not kept: the next render tries again (the chunk may load once the device is back online).
        loading = undefined;
        throw error;
      },
    ));
  if (options.drawnByServer) drawnParts.push(preload);
  return lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    const settled = { then: (resolve: (m: Loaded<P>) => void) => resolve(ready) };
    return settled as unknown as Promise<Loaded<P>>;
  });
}

/** Loads the code of every part a server-drawn page may show; a part that cannot load is left to React. */
export const preloadDrawnParts = (): Promise<unknown> =>
  Promise.all(drawnParts.map((preload) => preload().catch(() => undefined)));
