import { rootKeys, sharedKeys } from '../../lib/query-keys.ts';

/** The public content's query keys (kept offline). */
export const contentKeys = {
  all: rootKeys.content,
  appData: () => [...contentKeys.all, 'appData'] as const,
  news: (limit: number, skip: number) => [...contentKeys.all, 'news', { limit, skip }] as const,
  newsItem: (id: string) => [...contentKeys.all, 'news', id] as const,
  faq: () => [...contentKeys.all, 'faq'] as const,
  serviceCenters: sharedKeys.serviceCenters,
};
