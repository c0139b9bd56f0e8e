import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSlug } from '../../../../contract/common.ts';
import type { TLang } from '../../../../contract/common.ts';
import { catalogReads } from '../../../../contract/routes.ts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { currentLang } from '../../../lib/locale.ts';
import { catalogKeys } from './get-categories.ts';

// An address whose slug no service can have (`/services/X/add`) is not found, without asking the server (which
// would refuse the filter as invalid input).
const unknownSlug = () => Promise.reject(new ApiError('MODEL_NOT_FOUND', 404, 'No such service'));

/** One service by slug, every field (its forms, workflow and both languages' texts). Spec section 9: zero stale time. */
export const serviceQuery = (serviceSlug: string) =>
  queryOptions({
    queryKey: catalogKeys.service(serviceSlug),
    queryFn: ({ signal }) =>
      ZSlug.safeParse(serviceSlug).success
        ? apiCall(catalogReads.serviceFull, { filter: { where: { serviceSlug } } }, { signal })
        : unknownSlug(),
    staleTime: 0,
  });

export const useService = (serviceSlug: string) => useQuery(serviceQuery(serviceSlug));

/** What the service's page shows (decision 033: `view=page`), texts in `lang`. Zero stale time, as above. */
export const servicePageQuery = (serviceSlug: string, lang: TLang = currentLang()) =>
  queryOptions({
    queryKey: catalogKeys.servicePage(serviceSlug, lang),
    queryFn: ({ signal }) =>
      ZSlug.safeParse(serviceSlug).success
        ? apiCall(catalogReads.servicePage, { query: { view: 'page', lang }, filter: { where: { serviceSlug } } }, { signal })
        : unknownSlug(),
    staleTime: 0,
  });

export const useServicePage = (serviceSlug: string) => useQuery(servicePageQuery(serviceSlug));
