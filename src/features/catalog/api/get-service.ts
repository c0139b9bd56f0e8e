import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSlug } from '../../../../contract/common.ts';
import { routes } from '../../../../contract/routes.ts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { catalogKeys } from './get-categories.ts';

/** One service by slug, every field. Spec section 9: service details have zero stale time. */
export const serviceQuery = (serviceSlug: string) =>
  queryOptions({
    queryKey: catalogKeys.service(serviceSlug),
    queryFn: ({ signal }) =>
      // An address whose slug no service can have (`/services/X/add`) is not found, without asking the server
      // (which would refuse the filter as invalid input).
      ZSlug.safeParse(serviceSlug).success
        ? apiCall(routes.serviceFindOne, { filter: { where: { serviceSlug } } }, { signal })
        : Promise.reject(new ApiError('MODEL_NOT_FOUND', 404, 'No such service')),
    staleTime: 0,
  });

export const useService = (serviceSlug: string) => useQuery(serviceQuery(serviceSlug));
