import type { TReportId, TReportQuery } from '../../../contract/reports.ts';

/** The report screens' query keys (every answer private: never in the offline cache). */
export const reportKeys = {
  all: ['reports'] as const,
  report: (id: TReportId, query: TReportQuery) => ['reports', 'report', id, query] as const,
  dashboard: ['reports', 'dashboard'] as const,
};
