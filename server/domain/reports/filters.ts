import type { TReportDimension, TReportQuery } from '../../../contract/reports.ts';

/** A report query parsed: Cairo days as instants [from, toExclusive), the `by` chosen, places within scope. */
export type ReportFilters = Omit<TReportQuery, 'by' | 'page' | 'pageSize'> & {
  fromAt: Date;
  toAt: Date;
  by: TReportDimension | undefined;
  page: number;
  pageSize: number;
};
