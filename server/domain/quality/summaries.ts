import type { TService } from '../../../contract/catalog.ts';
import type { TQualityQuery, TQualityRow, TQualitySummary } from '../../../contract/quality.ts';
import { REPORT_PAGE_SIZE_MAX, type TReportResult, type TReportRow } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import { parseReportQuery } from '../reports/filters.ts';
import { reportRunner } from '../reports/registry.ts';
import { assertWithinScope, type ReportScope } from '../reports/scope.ts';
import type { StaffMember } from '../staff/scope.ts';

/*
 * The quality screen's figures (issue 26, decision 066) are the report framework's (decision 056): the `ratings`
 * and `sla-breaches` runners, the same grouped statements within the same scope; only the answer's shape is the
 * screen's (one row per group with the distribution of the three answers). Nothing is counted twice in code.
 */

const PLACE_FILTERS = ['service', 'companyId', 'sectorId'] as const;
const RATINGS_BY = ['service', 'company', 'sector', 'month'] as const;
const BREACHES_BY = ['service', 'stage', 'company', 'sector'] as const;

const num = (v: TReportRow[string] | undefined): number | null => (typeof v === 'number' ? v : null);

function labelOf(cell: TReportRow[string] | undefined): TQualityRow['label'] {
  return cell && typeof cell === 'object' && 'ar' in cell ? { ar: cell.ar, en: cell.en } : null;
}

function rowOf(kind: 'ratings' | 'breaches', by: string, r: TReportRow): TQualityRow {
  const key = typeof r.key === 'string' ? r.key : null;
  const cell = r[by];
  return kind === 'ratings'
    ? {
        key: key ?? (typeof cell === 'string' ? cell : null),
        label: labelOf(cell),
        count: num(r.ratings) ?? 0,
        average: num(r.averageRating),
        distribution: [num(r.couldNotComplete) ?? 0, num(r.someDifficulty) ?? 0, num(r.easy) ?? 0],
        open: 0,
        breached: 0,
        averageDaysOverdue: null,
      }
    : {
        key: key ?? (typeof cell === 'string' ? cell : null),
        label: labelOf(cell),
        count: num(r.open) ?? 0,
        average: null,
        distribution: [],
        open: num(r.open) ?? 0,
        breached: num(r.breached) ?? 0,
        averageDaysOverdue: num(r.averageDaysOverdue),
      };
}

export async function qualitySummary(
  db: Db,
  kind: 'ratings' | 'breaches',
  input: { member: StaffMember; query: TQualityQuery; services: readonly TService[]; maxMonths: number; now?: Date },
): Promise<TQualitySummary> {
  const runner = reportRunner(kind === 'ratings' ? 'ratings' : 'sla-breaches')!;
  const accepted: readonly string[] = kind === 'ratings' ? RATINGS_BY : BREACHES_BY;
  const by = input.query.by ?? (kind === 'ratings' ? 'service' : 'stage');
  if (!accepted.includes(by))
    throw new AppError('INVALID_FILTER', `Not grouped by ${by} here`, { fieldErrors: { by: ['INVALID_FILTER'] } });
  const scope: ReportScope = {
    companyId: input.member.companyId,
    sectorId: input.member.sectorId,
    serviceCenterIds: input.member.serviceCenterIds,
  };
  const f = parseReportQuery(
    { ...input.query, by, pageSize: REPORT_PAGE_SIZE_MAX },
    { dimensions: runner.dimensions, filters: PLACE_FILTERS },
    { maxMonths: input.maxMonths, services: input.services, now: input.now ?? new Date() },
  );
  assertWithinScope(scope, f);
  const result: TReportResult = await runner.run(db, f, scope);
  return {
    rows: result.rows.map((r) => rowOf(kind, by, r)),
    total: result.totals ? { ...rowOf(kind, by, result.totals), key: null, label: null } : null,
    generatedAt: result.generatedAt,
  };
}
