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
 * The services whose action is a screen of the citizen's account rather than a request form (issue 12): their
 * server routes follow the citizen an agent's session acts for, not an employee's owner token.
 */
const ACCOUNT_SCREENS: readonly string[] = ['PAYBILLS', 'METER_READING', 'ADD_METER'];

/**
 * Staff filing for a citizen (issue 24, decision 055): `'token'`, an employee who chose a citizen (the owner
 * token goes with request forms only); `'session'`, an agent acting for one (every service, as the citizen). They
 * are offered "new request" as the citizen would be; without one, staff see no card buttons.
 */
export type OnBehalf = 'token' | 'session' | null;

export function cardActions(s: ServiceFacts, viewer: CatalogViewer, onBehalf: OnBehalf = null): CardActions {
  const staff = viewer.kind === 'staff';
  const forCitizen = onBehalf === 'session' || (onBehalf === 'token' && !ACCOUNT_SCREENS.includes(s.serviceSlug ?? ''));
  return {
    to: s.hideServiceTable ? '/services/$serviceSlug/add' : '/services/$serviceSlug',
    newRequest: {
      show: !staff || forCitizen,
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
