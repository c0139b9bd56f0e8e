import { identityRoutes } from '../../contract/refs/routes-identity.ts';
import { agentApiCall, apiCall, DEVICE } from './api-client.ts';
import { forgetActingFor } from './agent-view.ts';
import type { TAgentView, TCurrentUser, TSignedIn } from '../../contract/identity.ts';
import {
  clearLocalSession,
  currentUserQuery,
  readHints,
  sessionClient,
  storeSession,
  type SessionHints,
  type SessionScope,
} from './session.ts';

/**
 * The session's calls and actions, loaded only with the screens that use them (src/lib/session.ts imports this
 * lazily): a visitor's first page does not carry the identity contract.
 */
export async function fetchCurrentUser(scope: SessionScope, hints: SessionHints, signal?: AbortSignal): Promise<TCurrentUser> {
  const options = { ...(signal ? { signal } : {}), agent: scope === 'agent' };
  // An agent is read through the agent view (GET /agent/{id}, spec section 7): for the user type `agent`,
  // GET {userSlug}/{userId} is the same address, and the server answers it with the agent view.
  if (scope === 'agent' || DEVICE === 'AGENT')
    return (await apiCall(identityRoutes.agentView, { params: { id: hints.userId } }, options)).agent;
  return apiCall(identityRoutes.currentUser, { params: { userSlug: hints.userSlug, userId: hints.userId } }, options);
}

/** The agent's view (GET /agent/{id}): their own data and the citizen they act for, through the agent's session. */
export const fetchAgentView = (agentId: string, signal?: AbortSignal): Promise<TAgentView> =>
  agentApiCall(identityRoutes.agentView, { params: { id: agentId } }, signal ? { signal } : {});

/** Acts for the citizen an earlier session of this agent chose, with the owner token it got (decision 055). */
export const restoreActingFor = (agentId: string, ownerToken: string, signal?: AbortSignal): Promise<TAgentView> =>
  agentApiCall(identityRoutes.agentActFor, { params: { id: agentId }, body: { ownerToken } }, signal ? { signal } : {});

export const postLogout = (scope: SessionScope, userSlug: string) =>
  apiCall(identityRoutes.logout, { params: { userSlug }, body: {} }, { agent: scope === 'agent' });

/** After a successful sign-in (password, second factor, mobile code or external provider). */
export function completeSignIn(result: TSignedIn, scope: SessionScope = 'user'): void {
  storeSession(scope, result.user, result.csrfToken, result.idleTimeoutMs);
}

/** Replaces the cached current user with a newer copy the server returned (profile edit, favourites). */
export function updateCurrentUser(user: TCurrentUser, scope: SessionScope = 'user'): void {
  const hints = readHints(scope);
  if (hints) sessionClient()?.setQueryData(currentUserQuery(scope, hints).queryKey, user);
}

/**
 * Signs out on the server, then clears local state. A failure (offline, server down) is thrown so the screen
 * can offer a retry; the local session stays until the server has forgotten the session too.
 */
export async function signOut(scope: SessionScope = 'user'): Promise<string> {
  const hints = readHints(scope);
  // This device's pushes stop with the session (decision 051); loaded only where pushes were turned on.
  if (scope === 'user' && localStorage.getItem('push-device-id'))
    await import('../features/notifications/push.ts').then((m) => m.forgetThisDevice()).catch(() => undefined);
  const result = await postLogout(scope, hints?.userSlug ?? 'citizen');
  // An agent who signs out leaves no citizen to act for on this device (a browser restart keeps it, decision 055).
  if (hints && (scope === 'agent' || DEVICE === 'AGENT')) forgetActingFor(hints.userId);
  clearLocalSession(scope);
  return result.redirectUrl;
}
