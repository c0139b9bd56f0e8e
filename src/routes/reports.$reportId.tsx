import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { lazy, useCallback } from 'react';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { useFilterOptions } from '../features/catalog/use-filter-options.ts';
import { reportsFor, REPORT_ROLES } from '../features/reports/access.ts';
import { isReportId, queryOf, validateReportSearch, type ReportSearch } from '../features/reports/report-search.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { APP_KIND } from '../lib/constants.ts';
import { loadReportsMessages } from '../lib/i18n.ts';
import { withoutEmpty } from '../lib/search-params.ts';

const ReportPage = lazy(() => import('../features/reports/components/report-page.tsx').then((m) => ({ default: m.ReportPage })));

/**
 * /reports/:reportId: one report, its query in the address with the names of the API's (ZReportQuery: from, to,
 * by, service, status, companyId, sectorId, serviceCenterId, ageGroup, channel, page, pageSize); a report the
 * employee's roles do not open is not found.
 */
export const Route = createFileRoute('/reports/$reportId')({
  validateSearch: validateReportSearch,
  beforeLoad: ({ context, location, params }) => {
    requireRole(context, location, REPORT_ROLES);
    requireBuildKind(context, ['employee']);
    if (!isReportId(params.reportId) || !reportsFor(context.viewer.roles).includes(params.reportId)) throw notFound();
  },
  loader: () => (APP_KIND === 'employee' ? loadReportsMessages() : undefined),
  component: APP_KIND === 'employee' ? Report : NotFoundPage,
  notFoundComponent: NotFoundPage,
});

function Report() {
  const { reportId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/reports/$reportId' });
  const { serviceOptions, statuses } = useFilterOptions(search.service);
  const onSearch = useCallback(
    (next: ReportSearch) => {
      void navigate({ search: withoutEmpty(next), resetScroll: false });
    },
    [navigate],
  );
  if (!isReportId(reportId)) return <NotFoundPage />;
  return (
    <ReportPage
      key={reportId}
      reportId={reportId}
      query={queryOf(search)}
      onSearch={onSearch}
      services={serviceOptions}
      statuses={statuses}
    />
  );
}
