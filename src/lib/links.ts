import type { FileRoutesByTo } from '../routeTree.gen.ts';

/**
 * A page of the app as the router names it ('/', '/agent-login', '/services/$serviceSlug'), checked by the
 * compiler (decision 045): a destination chosen at run time is one of these, with its params, never a cast.
 */
export type AppPath = keyof FileRoutesByTo;

/**
 * An address the app keeps as text (an outbox write's edit page, stored on the device) with search parameters:
 * the router parses it as it parses the browser's address, through the route's own `validateSearch`.
 */
export const storedHref = (path: string, search: Record<string, string>): string =>
  `${path}?${new URLSearchParams(search).toString()}`;
