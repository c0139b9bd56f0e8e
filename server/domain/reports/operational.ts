import type { TReportId } from '../../../contract/reports.ts';
import type { ReportRunner } from './registry.ts';

/* The operational reports (issue 25): requests, decision time, SLA breaches, channels, ratings, readings, meters. */
export const OPERATIONAL_RUNNERS: Partial<Record<TReportId, ReportRunner>> = {};
