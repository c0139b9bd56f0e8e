import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { APP_KIND } from '../lib/constants.ts';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireBuildKind, requireRole, requireSignedIn } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';
import { useHints } from '../lib/session.ts';

const ApplyOnBehalf = lazy(() =>
  import('../features/behalf/components/apply-on-behalf.tsx').then((m) => ({ default: m.ApplyOnBehalf })),
);
const BehalfNextSteps = lazy(() =>
  import('../features/behalf/components/behalf-next-steps.tsx').then((m) => ({ default: m.BehalfNextSteps })),
);
const AgentPanel = lazy(() => import('../features/auth/components/agent-panel.tsx').then((m) => ({ default: m.AgentPanel })));

/**
 * /apply-on-behalf (spec section 1): in the employee build, choose the citizen an owner token names (decision
 * 025); in the agent build, the agent's workspace: the citizen their session acts for, and what to do next for them.
 */
export const Route = createFileRoute('/apply-on-behalf')({
  beforeLoad: ({ context, location }) => {
    requireSignedIn(context, location);
    requireBuildKind(context, ['employee', 'agent']);
    // Employees who may look citizens up (contract/roles.ts); agents act for citizens by their kind.
    if (context.viewer.buildKind === 'employee') requireRole(context, location, ROLES_FOR.citizenSearch);
  },
  loader: () => loadAccountMessages(),
  component: APP_KIND === 'agent' ? AgentWorkspace : ApplyOnBehalf,
});

function AgentWorkspace() {
  const hints = useHints();
  return hints ? (
    <AgentPanel key={hints.userId} hints={hints} scope="user" signInPath="/login" nextSteps={<BehalfNextSteps />} />
  ) : null;
}
