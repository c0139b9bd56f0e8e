import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TReportId, TReportQuery } from '../../../contract/reports.ts';
import { dashboardRoutes } from '../../../contract/refs/routes-dashboard.ts';
import { reportRoutes } from '../../../contract/refs/routes-reports.ts';
import { apiCall, apiDownload } from '../../lib/api-client.ts';
import { reportKeys } from './keys.ts';

/*
 * The report screens' reads (issue 25): a report's page (refetched at the interval the employee picks, paused while
 * the tab is hidden: TanStack Query does not refetch on an interval in the background), the dashboard, and the
 * exports. Every answer is private (`meta.persist: false`).
 */

export function useReport(id: TReportId, query: TReportQuery, refreshMs: number | false, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.report(id, query),
    queryFn: ({ signal }) => apiCall(reportRoutes.reportRead, { params: { reportId: id }, query }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
    enabled,
    meta: { persist: false },
  });
}

export function useDashboard() {
  return useQuery({
    queryKey: reportKeys.dashboard,
    queryFn: ({ signal }) => apiCall(dashboardRoutes.dashboard, {}, { signal }),
    refetchInterval: 5 * 60_000,
    refetchIntervalInBackground: false,
    staleTime: 0,
    meta: { persist: false },
  });
}

export type ExportFormat = 'xlsx' | 'csv';

/** The export's address (a link's href: what the download fetches). */
export const exportHref = (id: TReportId, search: string, format: ExportFormat) =>
  `/api/reports/${id}/export?format=${format}${search ? `&${search}` : ''}`;

export function downloadReport(id: TReportId, query: TReportQuery, format: ExportFormat, fileName: string): Promise<void> {
  const { page: _page, pageSize: _size, ...filters } = query;
  return apiDownload(reportRoutes.reportExport, { params: { reportId: id }, query: { ...filters, format } }, fileName);
}
