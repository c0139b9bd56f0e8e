import type { TServiceCard } from '../../../contract/catalog.ts';

/** What the rules read of a service: a card (decision 033), a service page or a full service all have it. */
type ServiceFacts = Partial<TServiceCard>;

/**
 * Service card and menu rules (spec section 2 "Service cards", section 4 "Service availability"), in one place
 * for every screen that lists services.
 */
export type CatalogViewer = { kind: 'visitor' } | { kind: 'citizen' } | { kind: 'staff' };

export const DEFAULT_SEARCH_SLUGS = ['CODEMETER', 'ADD_METER', 'PAYBILLS', 'LMIFT', 'CCC'] as const;
export const MOST_USED_SLUGS = ['CODEMETER', 'ADD_METER', 'PAYBILLS'] as const;

/** Deactivated services come last; otherwise the catalog order. */
export function sortForCards<T extends ServiceFacts>(services: readonly T[]): T[] {
  return [...services].sort(
    (a, b) => Number(a.deactivated ?? false) - Number(b.deactivated ?? false) || (a.order ?? 0) - (b.order ?? 0),
  );
}

/** Menus and search omit services that are deactivated or hidden on web. */
export const showInMenus = (s: ServiceFacts): boolean => !s.deactivated && !(s.hiddenOn ?? []).includes('web');

export type CardActions = {
  /** Where the card itself leads (with the service's slug): the add page when the service hides its table, else the service page. */
  to: '/services/$serviceSlug/add' | '/services/$serviceSlug';
  newRequest: { show: boolean; disabled: boolean };
  myRequests: { show: boolean };
  favourite: { show: boolean };
};

/**
 * `onBehalf`: staff who chose a citizen (the employee's "apply on behalf", the citizen an agent acts for) are
 * offered "new request" as the citizen would be (issue 24); without one, employees see no card buttons.
 */
export function cardActions(s: ServiceFacts, viewer: CatalogViewer, onBehalf = false): CardActions {
  const staff = viewer.kind === 'staff';
  return {
    to: s.hideServiceTable ? '/services/$serviceSlug/add' : '/services/$serviceSlug',
    newRequest: {
      show: !staff || onBehalf,
      disabled: (s.disabledOn ?? []).includes('web') || s.deactivated === true || s.isActive === false,
    },
    myRequests: { show: !staff && !s.hideServiceTable },
    favourite: { show: viewer.kind === 'citizen' },
  };
}

/** Every service of a category list, once (a service can sit in two categories). */
export function uniqueServices<T extends { id?: string | undefined }>(lists: readonly (readonly T[] | undefined)[]): T[] {
  const seen = new Map<string, T>();
  for (const list of lists) for (const s of list ?? []) if (s.id && !seen.has(s.id)) seen.set(s.id, s);
  return [...seen.values()];
}
