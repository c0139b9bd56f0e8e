import { queryOptions } from '@tanstack/react-query';
import type { TAgentView } from '../../contract/identity.ts';
import { sessionKeys } from './query-keys.ts';

/**
 * An agent's view: their own data and the citizen they act for (spec section 6). Private (`persist: false`); the
 * agent workspace replaces it when the agent chooses or drops a citizen, and the agent build's guards read it
 * (src/lib/session.ts `resolveViewer`). Its own module: the citizen build's first page does not carry it.
 */
export const agentViewQuery = (agentId: string) =>
  queryOptions({
    queryKey: sessionKeys.agentView(agentId),
    queryFn: async ({ signal }): Promise<TAgentView> => (await import('./session-api.ts')).fetchAgentView(agentId, signal),
    meta: { persist: false },
  });
