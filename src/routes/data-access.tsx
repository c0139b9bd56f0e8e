import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { APP_KIND } from '../lib/constants.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages, loadReportsMessages } from '../lib/i18n.ts';

const AuditPage = lazy(() => import('../features/data-access/components/audit-page.tsx').then((m) => ({ default: m.AuditPage })));

/**
 * /data-access: the record of every look at a citizen's data (issue 28, decision 071), with the looks citizens
 * reported. The employee build's, for AUDIT_DATA_ACCESS only.
 */
export const Route = createFileRoute('/data-access')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.audit);
    requireBuildKind(context, ['employee']);
  },
  loader: () => Promise.all([loadAccountMessages(), loadReportsMessages()]),
  component: APP_KIND === 'employee' ? AuditPage : NotFoundPage,
});
