import type { TLang } from '../../../contract/common.ts';
import type { TCategoryFilter } from '../../../contract/routes.ts';
import { rootKeys } from '../../lib/query-keys.ts';
import { audienceKey } from '../../lib/session.ts';

/**
 * The catalog answer depends on the viewer's audience (staff see every service): it is part of every key. The card
 * and page forms carry one language's texts, so their keys carry the language too .
 */
export const catalogKeys = {
  all: () => [...rootKeys.catalog, audienceKey()] as const,
  categories: (filter: TCategoryFilter, lang: TLang) => [...catalogKeys.all(), 'categories', lang, filter] as const,
  service: (slug: string) => [...catalogKeys.all(), 'service', slug] as const,
  servicePage: (slug: string, lang: TLang) => [...catalogKeys.service(slug), 'page', lang] as const,
};
