import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';

const MeterApprovals = lazy(() =>
  import('../features/meters/components/meter-approvals.tsx').then((m) => ({ default: m.MeterApprovals })),
);

/** /meter-approvals: meters waiting for the approval of the staff member's company (issue 12, employee build; APPROVE_METERS). */
export const Route = createFileRoute('/meter-approvals')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.meterApprovals);
    requireBuildKind(context, ['employee']);
  },
  loader: () => loadAccountMessages(),
  component: MeterApprovals,
});
