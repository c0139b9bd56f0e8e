import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { requireBuildKind, requireSignedIn } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';

const UserGuide = lazy(() => import('../features/staff/components/user-guide.tsx').then((m) => ({ default: m.UserGuide })));

/** /userGuide: the staff user guide library (spec section 2, employee build). */
export const Route = createFileRoute('/userGuide')({
  beforeLoad: ({ context, location }) => {
    requireSignedIn(context, location);
    requireBuildKind(context, ['employee']);
  },
  loader: () => loadAccountMessages(),
  component: UserGuide,
});
