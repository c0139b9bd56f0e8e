import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '../../../../contract/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { catalogKeys } from './get-categories.ts';

/** One service by slug, every field. Spec section 9: service details have zero stale time. */
export const serviceQuery = (serviceSlug: string) =>
  queryOptions({
    queryKey: catalogKeys.service(serviceSlug),
    queryFn: ({ signal }) => apiCall(routes.serviceFindOne, { filter: { where: { serviceSlug } } }, { signal }),
    staleTime: 0,
  });

export const useService = (serviceSlug: string) => useQuery(serviceQuery(serviceSlug));
