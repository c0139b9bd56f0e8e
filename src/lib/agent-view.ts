import { queryOptions } from '@tanstack/react-query';
import type { TAgentView } from '../../contract/identity.ts';
import { sessionKeys } from './query-keys.ts';

/**
 * An agent's view: their own data and the citizen they act for (spec section 6). Private (`persist: false`); the
 * agent workspace replaces it when the agent chooses or drops a citizen, and the agent build's guards read it
 * (src/lib/session.ts `resolveViewer`). Its own module: the citizen build's first page does not carry it.
 *
 * The acting-for choice outlives the session (issue 24, decision 055): choosing a citizen answers an owner token
 * naming this agent and the citizen, kept on the device under the agent's id. A session that acts for nobody
 * (the agent signed in again after a browser restart) sends it back and acts for that citizen again, until the
 * token expires; stopping or signing out forgets it.
 */
export const agentViewQuery = (agentId: string) =>
  queryOptions({
    queryKey: sessionKeys.agentView(agentId),
    queryFn: async ({ signal }): Promise<TAgentView> => {
      const api = await import('./session-api.ts');
      const view = await api.fetchAgentView(agentId, signal);
      const kept = view.citizen ? null : keptActingFor(agentId);
      if (!kept) return view;
      try {
        return rememberActingFor(agentId, await api.restoreActingFor(agentId, kept.token, signal));
      } catch {
        // Refused (expired early, the citizen disabled) or unreachable: the agent chooses again.
        forgetActingFor(agentId);
        return view;
      }
    },
    meta: { persist: false },
  });

type Kept = { token: string; expiresAt: string };
const keyOf = (agentId: string) => `agentActingFor:${agentId}`;

function keptActingFor(agentId: string, now = Date.now()): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(agentId)) ?? 'null') as Kept | null;
    if (kept && typeof kept.token === 'string' && Date.parse(kept.expiresAt) > now) return kept;
  } catch {
    // not ours: dropped below
  }
  localStorage.removeItem(keyOf(agentId));
  return null;
}

/** Keeps the token of the citizen chosen (or forgets it when the view acts for nobody); answers the view. */
export function rememberActingFor(agentId: string, view: TAgentView): TAgentView {
  if (view.citizen && view.ownerToken) localStorage.setItem(keyOf(agentId), JSON.stringify(view.ownerToken));
  else if (!view.citizen) forgetActingFor(agentId);
  return view;
}

export function forgetActingFor(agentId: string): void {
  localStorage.removeItem(keyOf(agentId));
}
