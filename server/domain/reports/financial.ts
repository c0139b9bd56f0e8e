import type { TReportId } from '../../../contract/reports.ts';
import type { ReportRunner } from './registry.ts';

/*
 * The financial reports' runners (issue 25): placeholder, written by the financial reports' work (i25-fin).
 * The registry (registry.ts) takes each id it finds here; an id absent here answers 404 NOT_FOUND.
 */
export const FINANCIAL_RUNNERS: Partial<Record<TReportId, ReportRunner>> = {};
