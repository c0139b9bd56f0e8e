import type { TReportColumn, TReportDimension, TReportId, TReportResult, TReportRow } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import type { ReportFilterName, ReportFilters } from './filters.ts';
import type { ReportScope } from './scope.ts';
import { FINANCIAL_RUNNERS } from './financial.ts';
import { OPERATIONAL_RUNNERS } from './operational.ts';

/*
 * The report registry (issue 25, decision 056): one entry per report id. The route checks the role (financial
 * ids: ACCESS_FINANCIAL_REPORTS), parses the query into `ReportFilters` (filters.ts: days -> instants, range
 * limit, `by` among `dimensions`, places within scope) and calls `run` for a page with totals, or `rows` for an
 * export (an async iterable read in keyset pages or a cursor: never the whole result in one array).
 */
export type ReportRunner = {
  financial: boolean;
  /** The `by` values it accepts; the first is its default. An empty list: it takes no `by`. */
  dimensions: readonly TReportDimension[];
  /** The filters it takes besides the date range (another is INVALID_FILTER); default: service and places. */
  filters?: readonly ReportFilterName[];
  /** Its columns for a given `by` (a dimension's column first). */
  columns: (by: TReportDimension | undefined) => readonly TReportColumn[];
  /** One page and the totals of every page. */
  run: (db: Db, f: ReportFilters, scope: ReportScope) => Promise<TReportResult>;
  /** Every row, for an export. */
  rows: (db: Db, f: ReportFilters, scope: ReportScope) => AsyncIterable<TReportRow>;
};

export const REPORTS: Partial<Record<TReportId, ReportRunner>> = { ...OPERATIONAL_RUNNERS, ...FINANCIAL_RUNNERS };

export const reportRunner = (id: TReportId): ReportRunner | undefined => REPORTS[id];
