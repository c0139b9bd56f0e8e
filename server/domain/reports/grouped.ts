import { sql, type SQL } from 'drizzle-orm';
import type { TLocalized } from '../../../contract/common.ts';
import type { TReportColumn, TReportDimension, TReportId, TReportResult, TReportRow } from '../../../contract/reports.ts';
import type { Db } from '../../db/client.ts';
import type { ReportFilters } from './filters.ts';
import type { ReportRunner } from './registry.ts';
import type { ReportScope } from './scope.ts';

/*
 * One grouped statement per report read (decision 056): `select k, measures from (source) group by grouping sets
 * ((k), ())`. PostgreSQL reads the rows and adds them up; Node receives one row per group (a service, a company, a
 * day of at most REPORT_MAX_MONTHS...: hundreds at most) and the total row, then orders, pages and names the groups.
 */

export type Measure = { key: string; expr: SQL };
export type GroupedQuery = {
  by: TReportDimension;
  /** A subquery aliased `e` with a column `k` (the group key, text or null). */
  source: SQL;
  key: SQL;
  measures: readonly Measure[];
  /** Time groups in calendar order; others by this measure, largest first. */
  order: 'key' | string;
};

/** The group key of an instant on a Cairo calendar day or month. */
export const timeKey = (by: TReportDimension, at: unknown): SQL =>
  sql`to_char(${at} at time zone 'Africa/Cairo', ${by === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`;

/**
 * The catalog's workflows as a relation `m(s, st, fin, stage, days)`: per service and status, whether it is final,
 * its stage and the stage's days. Passed as one JSON parameter (a few hundred rows), joined by PostgreSQL.
 */
export function statusMap(f: ReportFilters): SQL {
  const rows = f.services.flatMap((s) =>
    s.workflow.statuses.map((st) => {
      const stage = s.stages.find((g) => g.statuses.includes(st.id));
      return { s: s.serviceSlug, st: st.id, fin: st.final === true, stage: stage?.stageId ?? null, days: stage?.days ?? 0 };
    }),
  );
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m(s text, st text, fin boolean, stage text, days int)`;
}

type Raw = Record<string, unknown> & { k: string | null; g: number };

async function groups(db: Db, q: GroupedQuery): Promise<{ rows: Raw[]; total: Raw | undefined }> {
  const measures = sql.join(
    q.measures.map((m) => sql`${m.expr} as ${sql.identifier(m.key)}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select ${q.key} as k, grouping(${q.key})::int as g, ${measures} from ${q.source} group by grouping sets ((${q.key}), ())`,
  );
  const all = (result as unknown as { rows: Raw[] }).rows;
  const rows = all.filter((x) => x.g === 0);
  const byKey = (a: Raw, b: Raw) => (a.k ?? '\uffff').localeCompare(b.k ?? '\uffff');
  if (q.order === 'key') rows.sort(byKey);
  else rows.sort((a, b) => Number(b[q.order] ?? 0) - Number(a[q.order] ?? 0) || byKey(a, b));
  return { rows, total: all.find((x) => x.g === 1) };
}

const PLACE_TABLES: Partial<Record<TReportDimension, string>> = {
  company: 'distribution_companies',
  sector: 'sectors',
  serviceCenter: 'service_centers',
};

/** Names the groups: services, statuses and stages from the catalog, places from their tables, days as they are. */
async function labeller(db: Db, f: ReportFilters, by: TReportDimension, keys: (string | null)[]) {
  const names = new Map<string, TLocalized>();
  const table = PLACE_TABLES[by];
  const ids = keys.filter((k): k is string => k !== null);
  if (table && ids.length > 0) {
    const result = await db.execute(
      sql`select id, data->'name' as name from ${sql.identifier(table)} where id in ${sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`}`,
    );
    for (const row of (result as unknown as { rows: { id: string; name: TLocalized }[] }).rows) names.set(row.id, row.name);
  }
  return (k: string | null): TReportRow[string] => {
    if (k === null) return null;
    switch (by) {
      case 'service': {
        const s = f.services.find((x) => x.serviceSlug === k);
        return s ? { ar: s.translations.ar.serviceLabel, en: s.translations.en.serviceLabel } : { ar: k, en: k };
      }
      case 'status': {
        for (const s of f.services) {
          const st = s.workflow.statuses.find((x) => x.id === k);
          if (st) return st.label;
        }
        return { ar: k, en: k };
      }
      case 'stage': {
        for (const s of f.services) {
          const st = s.stages.find((x) => x.stageId === k);
          if (st) return st.label;
        }
        return { ar: k, en: k };
      }
      case 'day':
      case 'month':
        return k;
      default:
        return names.get(k) ?? { ar: k, en: k };
    }
  };
}

function toRow(x: Raw, by: TReportDimension, q: GroupedQuery, label: (k: string | null) => TReportRow[string]): TReportRow {
  const row: TReportRow = { [by]: label(x.k), key: x.k };
  for (const m of q.measures) row[m.key] = x[m.key] === null || x[m.key] === undefined ? null : Number(x[m.key]);
  return row;
}

/** A report's `columns`, `run` (a page and the totals) and `rows` (every group, for an export) from its statement. */
export function groupedReport(
  id: TReportId,
  columns: (by: TReportDimension | undefined) => readonly TReportColumn[],
  /** The statement; given the database to read a summary's state first (decisions 065, 075). */
  build: (f: ReportFilters, scope: ReportScope, db: Db) => GroupedQuery | Promise<GroupedQuery>,
): Pick<ReportRunner, 'columns' | 'run' | 'rows'> {
  return {
    columns,
    run: async (db, f, scope): Promise<TReportResult> => {
      const q = await build(f, scope, db);
      const { rows, total } = await groups(db, q);
      const start = (f.page - 1) * f.pageSize;
      const page = rows.slice(start, start + f.pageSize);
      const label = await labeller(
        db,
        f,
        q.by,
        page.map((x) => x.k),
      );
      let totals: TReportRow | null = null;
      if (total) {
        totals = {};
        for (const m of q.measures) totals[m.key] = total[m.key] === null ? null : Number(total[m.key]);
      }
      return {
        report: id,
        columns: [...columns(q.by)],
        rows: page.map((x) => toRow(x, q.by, q, label)),
        totals,
        page: { index: f.page, size: f.pageSize, total: rows.length },
        generatedAt: f.now.toISOString(),
      };
    },
    rows: async function* (db, f, scope) {
      const q = await build(f, scope, db);
      const { rows } = await groups(db, q);
      const label = await labeller(
        db,
        f,
        q.by,
        rows.map((x) => x.k),
      );
      for (const x of rows) yield toRow(x, q.by, q, label);
    },
  };
}
