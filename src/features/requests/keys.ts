import { rootKeys } from '../../lib/query-keys.ts';
import type { InboxFilters } from './api/requests.ts';

/** A citizen's requests (one, my inbox, of a service, my papers): private, never persisted. */
export const requestKeys = {
  all: rootKeys.requests,
  one: (serviceSlug: string, id: string) => [...rootKeys.requests, 'one', serviceSlug, id] as const,
  forActivity: (serviceSlug: string, id: string) => [...rootKeys.requests, 'detail', serviceSlug, id] as const,
  inbox: (filters: InboxFilters) => [...rootKeys.requests, 'inbox', filters] as const,
  ofService: (serviceSlug: string, skip: number) => [...rootKeys.requests, 'service', serviceSlug, skip] as const,
  documents: (skip: number) => [...rootKeys.requests, 'documents', skip] as const,
  /** A service's forms at the version a request was filed with (immutable: kept offline like the request). */
  formsAt: (serviceSlug: string, version: number) => [...rootKeys.requests, 'forms', serviceSlug, version] as const,
};

/** The signed-in user's drafts saved on the server. */
export const draftKeys = {
  all: rootKeys.drafts,
  list: (userId: string, serviceSlug?: string) => [...rootKeys.drafts, userId, serviceSlug ?? 'all'] as const,
};
