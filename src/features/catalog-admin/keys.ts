import { rootKeys } from '../../lib/query-keys.ts';

/** The services' editor's query keys (issue 26): staff only, never persisted. */
export const catalogAdminKeys = {
  all: rootKeys.catalogAdmin,
  list: () => [...rootKeys.catalogAdmin, 'list'] as const,
  one: (serviceSlug: string) => [...rootKeys.catalogAdmin, 'service', serviceSlug] as const,
};
