import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { TCurrentUser } from '../../contract/identity.ts';
import { agentViewQuery } from './agent-view.ts';
import { ApiError, DEVICE, onApiError } from './api-client.ts';
import { APP_KIND } from './constants.ts';
import { sessionKeys } from './query-keys.ts';
import type { Viewer } from './viewer.ts';
import { USER_DATA_ROOTS } from './offline-data.ts';

/**
 * The session as the client knows it (spec section 4 "Current user" and "Session"). The session itself is an
 * HttpOnly cookie the script cannot read; what is stored here are hints: the user type, the user id and the
 * csrf token (`usertoken`). The current user is loaded only when all three exist, is never persisted to the
 * offline cache (`meta.persist: false`), and is cleared by a 401 answer or a refusal of the session's own user; any
 * other 403 leaves the session alone (decision 050).
 *
 * There are two scopes: `user` (this build's own user) and `agent` (spec section 6: an agent signs in at
 * /agent-login with a separate session cookie and HTTP client). In the agent build both are the agent.
 */
export type SessionScope = 'user' | 'agent';
export type SessionHints = { userSlug: string; userId: string; token: string };

const KEYS: Record<SessionScope, { slug: string; id: string; token: string }> = {
  user: { slug: 'userSlug', id: 'userId', token: 'usertoken' },
  agent:
    DEVICE === 'AGENT'
      ? { slug: 'userSlug', id: 'userId', token: 'usertoken' }
      : { slug: 'agentSlug', id: 'agentId', token: 'agentToken' },
};
/** The idle timeout the server announced at sign-in (IDLE_TIMEOUT_MS), kept for reloads. */
const IDLE_KEY = 'idleTimeoutMs';
export const DEFAULT_IDLE_TIMEOUT_MS = 3_600_000;

let version = 0;
const subscribers = new Set<() => void>();
const changed = () => {
  version++;
  subscribers.forEach((s) => s());
};

export function readHints(scope: SessionScope = 'user'): SessionHints | null {
  const k = KEYS[scope];
  const userSlug = localStorage.getItem(k.slug);
  const userId = localStorage.getItem(k.id);
  const token = localStorage.getItem(k.token);
  return userSlug && userId && token ? { userSlug, userId, token } : null;
}

export const idleTimeoutMs = (): number => Number(localStorage.getItem(IDLE_KEY)) || DEFAULT_IDLE_TIMEOUT_MS;

/**
 * What the server's answers to this viewer depend on besides the question (server/http/viewer.ts `audienceOf`):
 * staff and agents see every service, a citizen's account the services offered to its user type (`type:citizen`,
 * `type:company`; decision 074), visitors those offered to everyone. Viewer-dependent query keys put this second
 * (`['catalog', audienceKey(), ...]`), so a cached answer is never shown to another audience; a sign-out drops the
 * signed-in ones (see `clearLocalSession`).
 */
export type Audience = 'public' | 'staff' | `type:${string}`;
/** The user types of citizens' accounts (decision 061: a company's account is a citizen's kind). */
const CITIZEN_TYPES: ReadonlySet<string> = new Set(['citizen', 'company']);
export const audienceKey = (): Audience => {
  const hints = readHints('user');
  if (!hints) return 'public';
  return CITIZEN_TYPES.has(hints.userSlug) ? `type:${hints.userSlug}` : 'staff';
};
// A citizen's meters, readings, bills and requests are kept offline (decision 053), and forgotten with the session;
// so are the catalog answers of a signed-in audience (staff's, a user type's).
const isStaffScoped = (key: readonly unknown[]) =>
  key[1] === 'staff' || (typeof key[1] === 'string' && key[1].startsWith('type:')) || USER_DATA_ROOTS.has(key[0]);

/** The signed-in user. Private: `persist: false` keeps it out of IndexedDB. */
export const currentUserQuery = (scope: SessionScope, hints: SessionHints) =>
  queryOptions({
    queryKey: sessionKeys.currentUser(scope, hints),
    queryFn: async ({ signal }) => (await import('./session-api.ts')).fetchCurrentUser(scope, hints, signal),
    meta: { persist: false },
  });

let client: QueryClient | undefined;

/** Called once at start-up with the app's query client, so that session changes can reach its cache. */
export function attachSession(queryClient: QueryClient): void {
  client = queryClient;
}

/** The app's query client, for the session's actions (src/lib/session-api.ts). */
export const sessionClient = (): QueryClient | undefined => client;

/**
 * Stores a new session's hints (and, for this build's own user, the idle timeout) and tells every listener.
 * Sign-in itself is `completeSignIn` in src/lib/session-api.ts, loaded with the screens that sign in.
 */
export function storeSession(scope: SessionScope, user: TCurrentUser, csrfToken: string, idleMs: number): void {
  const k = KEYS[scope];
  const before = readHints(scope);
  // Another user on this device: nothing the previous one saw may remain (spec section 4, quality.md privacy).
  if (client && before && (before.userId !== user.id || before.userSlug !== user.userSlug)) forgetPrivate(client, scope);
  localStorage.setItem(k.slug, user.userSlug);
  localStorage.setItem(k.id, user.id);
  localStorage.setItem(k.token, csrfToken);
  if (scope === 'user' || DEVICE === 'AGENT') {
    localStorage.setItem(IDLE_KEY, String(idleMs));
    // A new session starts its idle countdown now (src/features/auth/idle.ts keeps these, shared by tabs).
    const now = String(Date.now());
    localStorage.setItem('lastActiveAt', now);
    localStorage.setItem('lastHeartbeatAt', now);
  }
  client?.setQueryData(currentUserQuery(scope, readHints(scope)!).queryKey, user);
  changed();
}

/**
 * Forgets the session on this device: the hints, the current user and every private query (anything not
 * persisted), and the request-owner token. Public cached pages stay for offline use.
 */
export function clearLocalSession(scope: SessionScope = 'user'): void {
  const k = KEYS[scope];
  const had = readHints(scope) !== null;
  for (const key of [k.slug, k.id, k.token]) localStorage.removeItem(key);
  if (scope === 'user') for (const key of ['requestOwnerToken', 'requestOwnerCitizen']) localStorage.removeItem(key);
  if (client) forgetPrivate(client, scope);
  if (had) changed();
}

/** Removes the scope's session queries and, for this build's user, every private and staff-audience query. */
function forgetPrivate(queryClient: QueryClient, scope: SessionScope): void {
  queryClient.removeQueries({ queryKey: sessionKeys.scope(scope) });
  if (scope === 'user' || DEVICE === 'AGENT')
    queryClient.removeQueries({ predicate: (q) => q.meta?.persist === false || isStaffScoped(q.queryKey) });
}

/** Nobody signed in on this device (the session was forgotten while the cache was not loaded): no user's data stays. */
export function forgetUserDataOfNobody(queryClient: QueryClient): void {
  if (readHints('user') === null)
    queryClient.removeQueries({ predicate: (q) => q.meta?.persist === 'user' || isStaffScoped(q.queryKey) });
}

/** The addresses that read the session's own user: a refusal there means the session is not this user's. */
const SESSION_READS = new Set(['/api/:userSlug/:userId', '/api/agent/:id']);

/**
 * A 403 elsewhere refuses one page or action to a live session (a role the user lacks, a csrf token gone stale):
 * it never ends the session by itself (decision 050; before, a staff member's "my meters" signed them out). The
 * session is asked again instead, once at a time: only when it is really gone (401, or its own user refused) is it
 * forgotten here.
 */
let checking = false;
function recheckSession(scope: SessionScope): void {
  const hints = readHints(scope);
  if (!hints || checking || !client) return;
  checking = true;
  void client
    .fetchQuery({ ...currentUserQuery(scope, hints), staleTime: 0 })
    .catch(() => undefined) // a refusal reaches the listener below on its own
    .finally(() => {
      checking = false;
    });
}

// Spec section 4: a 401 (no session, or it expired) clears the local session, and so does a refusal of the session's
// own user read. The other 403s (a page the roles do not open, a citizen's request-owner token) are about one page
// or one request, not the session: it is checked again (`recheckSession`).
onApiError((e, call) => {
  if (call.path.endsWith('/login') || call.path.endsWith('/MFA')) return;
  // A QR code that opens no document (401 INVALID_QR, spec section 8) says nothing about the session.
  if (e.code === 'INVALID_QR') return;
  const scope = call.agent && DEVICE !== 'AGENT' ? 'agent' : 'user';
  // Spec section 8: a 418 sets the maintenance state (lib/app-state.ts) and clears the session.
  if (e.status === 401 || e.status === 418 || (e.status === 403 && e.code === 'FORBIDDEN' && SESSION_READS.has(call.path)))
    clearLocalSession(scope);
  else if (e.status === 403 && e.code === 'FORBIDDEN') recheckSession(scope);
});

function subscribe(cb: () => void) {
  subscribers.add(cb);
  const onStorage = (e: StorageEvent) => {
    // Another tab signed in or out.
    if (e.key === null || Object.values(KEYS).some((k) => k.token === e.key)) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    subscribers.delete(cb);
    window.removeEventListener('storage', onStorage);
  };
}

/** Runs `cb` whenever the session changes (sign-in, sign-out, 401, another tab); returns the unsubscribe. */
export const onSessionChange = (cb: () => void): (() => void) => subscribe(cb);

/** Re-renders when the session hints change (sign-in, sign-out, another tab). */
export function useHints(scope: SessionScope = 'user'): SessionHints | null {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return readHints(scope);
}

export function useCurrentUser(scope: SessionScope = 'user'): TCurrentUser | undefined {
  const hints = useHints(scope);
  const q = useQuery({
    ...currentUserQuery(scope, hints ?? { userSlug: '', userId: '', token: '' }),
    enabled: hints !== null,
  });
  return hints ? q.data : undefined;
}

export function viewerOf(user: TCurrentUser | undefined, hints: SessionHints | null, actingFor?: string | null): Viewer {
  if (user) {
    const kind = user.kind === 'citizen' ? 'citizen' : 'staff';
    return { kind, roles: user.roles, buildKind: APP_KIND, user, ...(actingFor !== undefined ? { actingFor } : {}) };
  }
  // Signed in but the user could not be loaded (offline): trust the hints for routing, without roles.
  if (hints) return { kind: hints.userSlug === 'citizen' ? 'citizen' : 'staff', roles: [], buildKind: APP_KIND };
  return { kind: 'visitor', roles: [], buildKind: APP_KIND };
}

/** For route guards (`beforeLoad`): who is using the app, loading the current user when the hints exist. */
export async function resolveViewer(queryClient: QueryClient): Promise<Viewer> {
  const hints = readHints('user');
  if (!hints) return viewerOf(undefined, null);
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery('user', hints));
    // The agent build: for whom the agent acts (the workspace's query; unknown when it cannot be read, e.g. offline).
    const actingFor =
      APP_KIND === 'agent'
        ? await queryClient.ensureQueryData(agentViewQuery(hints.userId)).then(
            (view) => view.citizen?.id ?? null,
            () => undefined,
          )
        : undefined;
    return viewerOf(user, hints, actingFor);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) {
      clearLocalSession('user');
      return viewerOf(undefined, null);
    }
    return viewerOf(undefined, hints);
  }
}
