import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLang } from '../../../../contract/common.ts';
import { categoryCardsRead } from '../../../../contract/refs/routes.ts';
import type { TCategoryFilter } from '../../../../contract/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { currentLang } from '../../../lib/locale.ts';
import { catalogKeys } from '../keys.ts';

/** The home and catalog pages' categories, each with its services as cards (decision 033: `view=card`). */
export const CATEGORIES_WITH_SERVICES: TCategoryFilter = { order: 'order ASC', include: 'services' };

/** Categories with their services as cards, texts in `lang` (the interface's language unless told). */
export const categoriesQueryOptions = (filter: TCategoryFilter = CATEGORIES_WITH_SERVICES, lang: TLang = currentLang()) =>
  queryOptions({
    queryKey: catalogKeys.categories(filter, lang),
    queryFn: ({ signal }) => apiCall(categoryCardsRead, { query: { view: 'card', lang }, filter }, { signal }),
  });

export const useCategories = (filter?: TCategoryFilter) => useQuery(categoriesQueryOptions(filter));
