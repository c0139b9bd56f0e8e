import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { accountKeys } from '../keys.ts';

/** The public registration user type and its form (spec "Dynamic user model"): GET /dynamic_users/findOne. */
export const registrationTypeQuery = () =>
  queryOptions({
    queryKey: accountKeys.registrationType,
    queryFn: ({ signal }) => apiCall(identityRoutes.userTypeFindOne, { filter: { where: { registration: true } } }, { signal }),
    staleTime: 5 * 60_000,
  });

export const useRegistrationType = () => useQuery(registrationTypeQuery());
