import { useQuery } from '@tanstack/react-query';
import { agentViewQuery } from '../../lib/agent-view.ts';
import { useBehalf } from '../../lib/behalf.ts';
import { APP_KIND } from '../../lib/constants.ts';
import { useHints } from '../../lib/session.ts';
import type { OnBehalf } from './service-rules.ts';

/**
 * Whether staff file for a citizen now (issue 24): in the employee build, a citizen chosen on "apply on behalf"
 * (unexpired owner token); in the agent build, the citizen the agent's session acts for. The card rules then offer
 * "new request" to staff too. A citizen or visitor: null.
 */
export function useOnBehalf(): OnBehalf {
  const hints = useHints();
  const behalf = useBehalf();
  const agent = useQuery({ ...agentViewQuery(hints?.userId ?? ''), enabled: APP_KIND === 'agent' && hints !== null });
  if (!hints) return null;
  if (APP_KIND === 'employee') return behalf ? 'token' : null;
  if (APP_KIND === 'agent') return agent.data?.citizen ? 'session' : null;
  return null;
}
