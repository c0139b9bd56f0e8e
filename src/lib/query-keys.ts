import type { SessionHints, SessionScope } from './session.ts';

/**
 * The first word of every query key (decision 045). Each feature builds its keys in its own `keys.ts` under its
 * root; what one feature must reach in another's part of the cache names the root from here, since features do not
 * import each other: the outbox refreshes a citizen's requests, drafts and meters after a write, the agent panel
 * drops them when the agent changes citizen, and the meters screen shares the content pages' service centers.
 */
export const rootKeys = {
  requests: ['requests'] as const,
  drafts: ['drafts'] as const,
  meters: ['meters'] as const,
  staffMeters: ['staff-meters'] as const,
  /** Service quality (issue 26): figures, follow-ups, contact messages (private: never persisted). */
  quality: ['quality'] as const,
  /** The staff workspace (its inbox and counters): a push refreshes it (decision 051). */
  staff: ['staff'] as const,
  content: ['content'] as const,
  /** The catalog's reads (cards, pages, services): the services' editor refreshes them after a change (issue 26). */
  catalog: ['catalog'] as const,
  catalogAdmin: ['catalog-admin'] as const,
  /** The data-access record (decision 071): a citizen's looks, the auditor's (private: never persisted). */
  dataAccess: ['data-access'] as const,
};

/** Keys that two features read with the same request (one cache entry). */
export const sharedKeys = {
  /** Governorates, companies, sectors and service centers: the content pages, the meters screen and the profile. */
  serviceCenters: () => [...rootKeys.content, 'serviceCenters'] as const,
};

/** The session's keys: the signed-in user, an agent's view (private, dropped at sign-out). */
export const sessionKeys = {
  all: ['session'] as const,
  scope: (scope: SessionScope) => ['session', scope] as const,
  currentUser: (scope: SessionScope, hints: Pick<SessionHints, 'userSlug' | 'userId'>) =>
    ['session', scope, 'currentUser', hints.userSlug, hints.userId] as const,
  agentView: (agentId: string) => ['session', 'agent', 'view', agentId] as const,
};
