import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';

const AssignRequests = lazy(() =>
  import('../features/staff/components/assign-requests.tsx').then((m) => ({ default: m.AssignRequests })),
);

/** /assign-requests: ready requests to an external installation company (spec section 2, employee build). */
export const Route = createFileRoute('/assign-requests')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.assignRequests);
    requireBuildKind(context, ['employee']);
  },
  component: AssignRequests,
});
