import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { APP_KIND } from '../lib/constants.ts';
import { loadReportsMessages } from '../lib/i18n.ts';

const DashboardPage = lazy(() =>
  import('../features/reports/components/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);

/**
 * /dashboard: the statistics dashboard (spec section 2; ANALYTICS_DASHBOARD_USER), the employee build's. The
 * menu's Dashboard item leads here unless the build names an outside address (VITE_DASHBOARD_URL).
 */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.dashboard);
    requireBuildKind(context, ['employee']);
  },
  loader: () => (APP_KIND === 'employee' ? loadReportsMessages() : undefined),
  component: APP_KIND === 'employee' ? DashboardPage : NotFoundPage,
});
