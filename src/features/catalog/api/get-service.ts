import { queryOptions, useQuery } from '@tanstack/react-query';
import { SLUG_PATTERN } from '../../../../contract/basics.ts';
import { routes } from '../../../../contract/refs/routes.ts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { catalogKeys } from '../keys.ts';
import { freshWhileOnline } from '../../../lib/offline-data.ts';

/**
 * An address whose slug no service can have (`/services/X/add`) is not found, without asking the server (which
 * would refuse the filter as invalid input).
 */
export const validSlugOr404 = (serviceSlug: string): Promise<void> =>
  SLUG_PATTERN.test(serviceSlug) ? Promise.resolve() : Promise.reject(new ApiError('MODEL_NOT_FOUND', 404, 'No such service'));

/**
 * One service by slug, every field (its forms, workflow and both languages' texts). Spec section 9: zero stale time;
 * offline, the copy on the device is shown as it is (decision 053), not read again to fail.
 */
export const serviceQuery = (serviceSlug: string) =>
  queryOptions({
    queryKey: catalogKeys.service(serviceSlug),
    queryFn: ({ signal }) =>
      validSlugOr404(serviceSlug).then(() => apiCall(routes.serviceFindOne, { filter: { where: { serviceSlug } } }, { signal })),
    staleTime: freshWhileOnline,
  });

export const useService = (serviceSlug: string) => useQuery(serviceQuery(serviceSlug));
