import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type TCategoryFilter } from '../../../../contract/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { audienceKey } from '../../../lib/session.ts';

/** The service fields a card needs: the home and catalog pages ask only for these. */
export const SERVICE_CARD_FIELDS = [
  'id',
  'serviceSlug',
  'serviceLabel',
  'translations',
  'logo',
  'categoryIds',
  'deactivated',
  'isActive',
  'hiddenOn',
  'disabledOn',
  'hideServiceTable',
  'allowAnonymous',
  'businessAttributes',
  'fromDate',
  'toDate',
  'activation',
  'release',
  'order',
] as const;

export const CATEGORIES_WITH_SERVICES: TCategoryFilter = {
  order: 'order ASC',
  include: { relation: 'services', scope: { fields: [...SERVICE_CARD_FIELDS] } },
};

/** The catalog answer depends on the viewer's audience (staff see every service): it is part of every key. */
export const catalogKeys = {
  all: () => ['catalog', audienceKey()] as const,
  categories: (filter: TCategoryFilter) => [...catalogKeys.all(), 'categories', filter] as const,
  service: (slug: string) => [...catalogKeys.all(), 'service', slug] as const,
};

export const categoriesQueryOptions = (filter: TCategoryFilter = CATEGORIES_WITH_SERVICES) =>
  queryOptions({
    queryKey: catalogKeys.categories(filter),
    queryFn: ({ signal }) => apiCall(routes.categories, { filter }, { signal }),
  });

export const useCategories = (filter?: TCategoryFilter) => useQuery(categoriesQueryOptions(filter));
