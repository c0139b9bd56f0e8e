import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { requireBuildKind, requireSignedIn } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';

const MeterApprovals = lazy(() =>
  import('../features/meters/components/meter-approvals.tsx').then((m) => ({ default: m.MeterApprovals })),
);

/** /meter-approvals: meters waiting for the approval of the staff member's company (issue 12, employee build). */
export const Route = createFileRoute('/meter-approvals')({
  beforeLoad: ({ context, location }) => {
    requireSignedIn(context, location);
    requireBuildKind(context, ['employee']);
  },
  loader: () => loadAccountMessages(),
  component: MeterApprovals,
});
