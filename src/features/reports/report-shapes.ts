import type { TReportDimension, TReportId } from '../../../contract/reports.ts';
import { isFinancialReport } from './report-search.ts';

/*
 * What each report's form offers: the `by` values it groups by (the first is its default; kept in step with the
 * server's registry, server/domain/reports/registry.ts, which refuses another with INVALID_FILTER) and which
 * filters mean something for it (a payment has no applicant age group or workflow status).
 */
export const REPORT_GROUPS: Record<TReportId, readonly TReportDimension[]> = {
  requests: ['service', 'status', 'stage', 'company', 'sector', 'serviceCenter', 'day', 'month'],
  'decision-time': ['service', 'stage', 'company'],
  'sla-breaches': ['stage', 'service', 'company'],
  channels: ['service', 'company'],
  ratings: ['service', 'company'],
  readings: ['company', 'sector', 'serviceCenter', 'day', 'month'],
  meters: ['company', 'sector', 'serviceCenter'],
  collections: ['day', 'gateway', 'service', 'company', 'month'],
  'fees-refunds': ['gateway', 'service', 'company'],
  'bills-ageing': ['company', 'sector'],
  reconciliation: [],
};

export type ReportFilter = 'service' | 'status' | 'place' | 'ageGroup' | 'channel';

/** The filters a report's form shows. */
export function filtersOf(id: TReportId): ReadonlySet<ReportFilter> {
  if (id === 'readings' || id === 'meters' || id === 'bills-ageing') return new Set(['place']);
  if (isFinancialReport(id)) return new Set(['service', 'place']);
  return new Set(['service', 'status', 'place', 'ageGroup', 'channel']);
}
