import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';

const CitizenFinance = lazy(() =>
  import('../features/staff/components/citizen-finance.tsx').then((m) => ({ default: m.CitizenFinance })),
);

/** /citizens/:citizenId/finance: a citizen's bills, payments and papers for technical support (decision 060, employee build). */
export const Route = createFileRoute('/citizens/$citizenId/finance')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.citizenFinance);
    requireBuildKind(context, ['employee']);
  },
  loader: () => loadAccountMessages(),
  component: function Page() {
    const { citizenId } = Route.useParams();
    return <CitizenFinance citizenId={citizenId} />;
  },
});
