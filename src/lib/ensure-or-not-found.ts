import { notFound, redirect } from '@tanstack/react-router';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { isNotFound } from './error-display.ts';

/**
 * For a route loader: loads its record into the query cache; an API "not found" (404, MODEL_NOT_FOUND) shows
 * the route's not-found page. Other failures (offline without a cached copy, a server error) are left to the
 * page, which shows the error panel with a retry. A service hidden on web (SERVICE_HIDDEN) sends the user home
 * (spec section 2: a failed service-visibility check goes to /).
 */
export async function ensureOrNotFound<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<void> {
  try {
    await queryClient.ensureQueryData(options);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'SERVICE_HIDDEN') throw redirect({ to: '/' });
    if (err instanceof ApiError && isNotFound(err)) throw notFound();
  }
}
