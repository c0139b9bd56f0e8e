import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { reportsFor, REPORT_ROLES } from '../features/reports/access.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { APP_KIND } from '../lib/constants.ts';
import { loadReportsMessages } from '../lib/i18n.ts';
import { useViewer } from '../lib/viewer.ts';

// The report screens are the employee build's only (issue 25): the other builds carry none of their code.
const ReportList = lazy(() => import('../features/reports/components/report-list.tsx').then((m) => ({ default: m.ReportList })));

/** /reports: the reports this employee's roles open (ACCESS_REPORTS, ACCESS_FINANCIAL_REPORTS, a product's role). */
export const Route = createFileRoute('/reports/')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, REPORT_ROLES);
    requireBuildKind(context, ['employee']);
  },
  loader: () => (APP_KIND === 'employee' ? loadReportsMessages() : undefined),
  component: APP_KIND === 'employee' ? Reports : NotFoundPage,
});

function Reports() {
  const viewer = useViewer();
  return <ReportList reports={reportsFor(viewer.roles)} />;
}
