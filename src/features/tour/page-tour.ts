import { useEffect, useSyncExternalStore } from 'react';
import { useHydrated } from '../../lib/hydrated.ts';
import { APP_KIND } from '../../lib/constants.ts';

/*
 * The guided tour (issue 27 part 5, decision 073), the part every page carries: which page has a tour, whether this
 * device has seen it, and starting it. What draws it (driver.js, its styles, the steps' texts) is a chunk of its
 * own (`run-tour.ts`), loaded when a tour starts: the home page's budget carries only this file.
 */

/** The pages that have a tour (spec section 1: home, service display, request view, add request). */
export type TourPage = 'home' | 'service' | 'request' | 'add';
/** A step a service names (its `tour` data, spec section 3): an element of the page and what to say about it. */
export type TourStep = { selector: string; text: string };
export type PageTour = { page: TourPage; steps: readonly TourStep[] };

/** A service's `tour` data (both languages) as the page's steps, in the interface's language. */
export const tourSteps = (
  tour: readonly { selector: string; text: { ar: string; en: string } }[] | undefined,
  lang: string,
): TourStep[] | undefined => tour?.map((s) => ({ selector: s.selector, text: lang === 'en' ? s.text.en : s.text.ar }));

/** The pages this device has seen the tour of, in localStorage (`{"home":1,…}`). */
export const TOUR_SEEN_KEY = 'kahraba.tour.v1';

function seen(): Partial<Record<TourPage, 1>> {
  try {
    return JSON.parse(localStorage.getItem(TOUR_SEEN_KEY) ?? '{}') as Partial<Record<TourPage, 1>>;
  } catch {
    return {};
  }
}

export function markTourSeen(page: TourPage): void {
  try {
    localStorage.setItem(TOUR_SEEN_KEY, JSON.stringify({ ...seen(), [page]: 1 }));
  } catch {
    // No storage (a private window): the tour may show again on the next visit.
  }
}

// The page on screen's tour, for the help menu's "Tour of this page".
let current: PageTour | undefined;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const setCurrent = (tour: PageTour | undefined) => {
  current = tour;
  listeners.forEach((fn) => fn());
};

/** The tour of the page on screen (undefined where there is none): the help menu offers to replay it. */
export const useCurrentTour = (): PageTour | undefined =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );

// Ends the tour on screen (set by the drawing chunk while one is shown).
let stop: (() => void) | undefined;
export const onTourStop = (fn: (() => void) | undefined) => {
  stop = fn;
};

/**
 * Starts the page's tour now (the help menu, or a first visit); resolves when it is drawn, or when there is nothing
 * to show (the page changed meanwhile, none of its elements is on screen).
 */
export function startTour(tour: PageTour | undefined = current): Promise<void> {
  if (!tour) return Promise.resolve();
  return import('./run-tour.ts').then((m) => (current === tour ? m.runTour(tour) : undefined));
}

/**
 * A page with a tour: offered in the help menu while the page is shown, and started once on this device's first
 * visit of such a page, when `ready` (its data drawn). `steps`: the service's own, where it has some.
 */
export function usePageTour(page: TourPage, steps: readonly TourStep[] | undefined, ready = true): void {
  const hydrated = useHydrated();
  const key = steps?.map((s) => s.selector).join('|') ?? '';
  useEffect(() => {
    if (APP_KIND !== 'citizen') return;
    const tour: PageTour = { page, steps: steps ?? [] };
    setCurrent(tour);
    return () => {
      if (current === tour) setCurrent(undefined);
      stop?.();
    };
    // `key` stands for the steps: a new array of the same steps is the same tour.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, key]);
  useEffect(() => {
    if (APP_KIND !== 'citizen' || !hydrated || !ready || seen()[page] || !current) return;
    void startTour(current);
  }, [page, key, hydrated, ready]);
}
