import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { APP_KIND } from '../../../lib/constants.ts';
import { agentViewQuery } from '../../../lib/agent-view.ts';
import { useHints, type SessionHints } from '../../../lib/session.ts';

/**
 * Spec section 6 "Agents": whatever page an agent is on, the shell says who they are and for which citizen they
 * act (name and national id), with the way back to the agent workspace. The view is the agent panel's query
 * (never persisted), so choosing or dropping a citizen there changes this bar at once.
 */
export function ActingForBanner() {
  // The agent build's session is the agent's own (its `user` scope).
  const agent = useHints(APP_KIND === 'agent' ? 'user' : 'agent');
  return agent ? <ActingForBar key={agent.userId} hints={agent} /> : null;
}

function ActingForBar({ hints }: { hints: SessionHints }) {
  const { t } = useLingui();
  const view = useQuery(agentViewQuery(hints.userId));
  if (!view.data) return null;
  const { agent, citizen } = view.data;
  const agentName = agent.fullName;
  const citizenName = citizen?.fullName ?? '';
  const nationalId = citizen?.nationalId ?? '—';
  return (
    <aside
      aria-label={t`Agent session`}
      data-testid="acting-for"
      className="border-b border-line bg-info-bg text-sm text-info-ink"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <p className="flex-1">
          {citizen ? (
            <Trans>
              Agent <bdi className="font-semibold">{agentName}</bdi>, acting for{' '}
              <bdi className="font-semibold">{citizenName}</bdi>, national ID{' '}
              <bdi dir="ltr" className="font-semibold">
                {nationalId}
              </bdi>
            </Trans>
          ) : (
            <Trans>
              Agent <bdi className="font-semibold">{agentName}</bdi>, not acting for a citizen
            </Trans>
          )}
        </p>
        <Link to={APP_KIND === 'agent' ? '/apply-on-behalf' : '/agent-login'} className="nav-link underline">
          <Trans>Agent workspace</Trans>
        </Link>
      </div>
    </aside>
  );
}
