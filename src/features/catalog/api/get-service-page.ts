import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLang } from '../../../../contract/common.ts';
import { servicePageRead } from '../../../../contract/refs/service-page.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { currentLang } from '../../../lib/locale.ts';
import { catalogKeys } from '../keys.ts';
import { validSlugOr404 } from './get-service.ts';

/**
 * What a service's page shows (decision 033: `view=page`), texts in `lang` (the interface's language unless told).
 * Only the service page reads it, so it stays in that page's chunk. Spec section 9: zero stale time.
 */
export const servicePageQuery = (serviceSlug: string, lang: TLang = currentLang()) =>
  queryOptions({
    queryKey: catalogKeys.servicePage(serviceSlug, lang),
    queryFn: ({ signal }) =>
      validSlugOr404(serviceSlug).then(() =>
        apiCall(servicePageRead, { query: { view: 'page', lang }, filter: { where: { serviceSlug } } }, { signal }),
      ),
    staleTime: 0,
  });

export const useServicePage = (serviceSlug: string) => useQuery(servicePageQuery(serviceSlug));
