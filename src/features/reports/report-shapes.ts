import type { TReportDimension, TReportId } from '../../../contract/reports.ts';
import { isFinancialReport } from './report-search.ts';

/*
 * What each report's form offers: the `by` values it groups by (the first is its default; kept in step with the
 * server's registry, server/domain/reports/registry.ts, which refuses another with INVALID_FILTER) and which
 * filters mean something for it (a payment has no applicant age group or workflow status).
 */
export const REPORT_GROUPS: Record<TReportId, readonly TReportDimension[]> = {
  requests: ['service', 'status', 'stage', 'company', 'sector', 'serviceCenter', 'day', 'month'],
  'decision-time': ['service', 'stage', 'company', 'sector', 'serviceCenter', 'month'],
  'sla-breaches': ['stage', 'service', 'company', 'sector', 'serviceCenter'],
  channels: ['service', 'company', 'sector', 'serviceCenter', 'month', 'day'],
  ratings: ['service', 'company', 'sector', 'serviceCenter', 'month'],
  readings: ['company', 'sector', 'serviceCenter', 'month', 'day'],
  meters: ['company', 'sector', 'serviceCenter', 'month'],
  collections: ['day', 'gateway', 'service', 'company', 'sector', 'serviceCenter', 'month'],
  'fees-refunds': ['gateway', 'day', 'month', 'service', 'company', 'sector', 'serviceCenter'],
  'bills-ageing': ['company', 'sector', 'serviceCenter'],
  reconciliation: [],
};

export type ReportFilter = 'service' | 'status' | 'place' | 'ageGroup' | 'channel';

/** The filters a report's form shows. */
export function filtersOf(id: TReportId): ReadonlySet<ReportFilter> {
  if (id === 'readings' || id === 'meters' || id === 'bills-ageing') return new Set(['place']);
  if (isFinancialReport(id)) return new Set(['service', 'place']);
  return new Set(['service', 'status', 'place', 'ageGroup', 'channel']);
}
