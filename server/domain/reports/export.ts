import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { TLang } from '../../../contract/basics.ts';
import type { TLocalized } from '../../../contract/common.ts';
import type { TReportColumn, TReportId, TReportRow } from '../../../contract/reports.ts';
import type { TExportFormat } from '../../../contract/routes-reports.ts';
import type { Db } from '../../db/client.ts';
import { reportExports } from '../../db/schema.ts';
import type { ReportFilters } from './filters.ts';
import { columnName, filterName, filterValue, reportName, sheetWord } from './labels.ts';
import type { ReportRunner } from './registry.ts';
import type { ReportScope } from './scope.ts';
import { csvField } from '../csv.ts';

/*
 * A report's export (issue 25, decision 056). xlsx through exceljs's streaming writer: each row is committed
 * (written to the zip and let go) as the report's rows come from PostgreSQL, and the writer waits whenever the
 * reply has more than HIGH_WATER bytes not yet sent, so the memory held stays bounded however many rows there are.
 * The sheet runs right to left in Arabic; its first rows name the report, when it was made and every filter used,
 * then the column headers, frozen; money is EGP (piastres / 100), days one decimal, days of a day-grouped report as
 * dates. CSV: UTF-8 with a BOM (so that a spreadsheet opens Arabic right), the headers, then the rows.
 * Every export is recorded in report_exports before its first byte (who, report, filters, format, when) and its row
 * count written when its last row is.
 */

const HIGH_WATER = 1 << 20;
const CAIRO = 'Africa/Cairo';

export type ExportInput = {
  /** Where the figures are read (the reports' pool); the export log is written to `db`. */
  reads: Db;
  runner: ReportRunner;
  id: TReportId;
  f: ReportFilters;
  scope: ReportScope;
  format: TExportFormat;
  lang: TLang;
  user: { id: string; name: string };
  /** The query as the caller sent it (the record's filters). */
  query: Record<string, unknown>;
};

export type ExportStream = {
  stream: PassThrough;
  fileName: string;
  contentType: string;
  /** Resolves with the rows written once the last byte is handed to the stream. */
  done: Promise<number>;
};

const text = (cell: TReportRow[string], lang: TLang, none: string): string | number => {
  if (cell === null || cell === undefined) return none;
  if (typeof cell === 'object') return (cell as TLocalized)[lang];
  return cell;
};

const NUM_FMT: Partial<Record<TReportColumn['kind'], (lang: TLang) => string>> = {
  money: (lang) => (lang === 'ar' ? '#,##0.00 "ج.م."' : '"EGP" #,##0.00'),
  count: () => '#,##0',
  days: () => '0.0',
  percent: () => '0.0"%"',
  average: () => '0.00',
  date: () => 'yyyy-mm-dd',
};

/** A cell as the sheet holds it: money in pounds, a day as a date, a localized name in the sheet's language. */
function sheetValue(c: TReportColumn, cell: TReportRow[string], lang: TLang, none: string, byDay: boolean) {
  if (c.kind === 'money' && typeof cell === 'number') return cell / 100;
  if ((c.kind === 'date' || (c.kind === 'dimension' && byDay)) && typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}/.test(cell))
    return new Date(`${cell.slice(0, 10)}T00:00:00Z`);
  if (c.kind === 'dimension' || c.kind === 'text') return text(cell, lang, none);
  return typeof cell === 'number' ? cell : null;
}

/** The filters used, named: services by label, places by name, the rest as the labels table says. */
async function filterLines(db: Db, f: ReportFilters, lang: TLang): Promise<[string, string][]> {
  const lines: [string, string][] = [
    [filterName('from', lang), f.from],
    [filterName('to', lang), f.to],
  ];
  if (f.by) lines.push([filterName('by', lang), filterValue('by', f.by, lang)]);
  const place = async (table: string, id: string) => {
    const result = await db.execute(sql`select data->'name' as name from ${sql.identifier(table)} where id = ${id}`);
    const [row] = (result as unknown as { rows: { name: TLocalized | null }[] }).rows;
    return row?.name?.[lang] ?? id;
  };
  for (const key of ['service', 'status', 'companyId', 'sectorId', 'serviceCenterId', 'ageGroup', 'channel'] as const) {
    const value = f[key];
    if (value === undefined) continue;
    let shown: string = value;
    if (key === 'service') {
      const s = f.services.find((x) => x.serviceSlug === value);
      if (s) shown = s.translations[lang].serviceLabel;
    } else if (key === 'status') {
      const st = f.services.flatMap((s) => s.workflow.statuses).find((x) => x.id === value);
      if (st) shown = st.label[lang];
    } else if (key === 'companyId') shown = await place('distribution_companies', value);
    else if (key === 'sectorId') shown = await place('sectors', value);
    else if (key === 'serviceCenterId') shown = await place('service_centers', value);
    else shown = filterValue(key, value, lang);
    lines.push([filterName(key, lang), shown]);
  }
  return lines;
}

/** Waits while the reply holds more than HIGH_WATER bytes not yet taken by the client. */
async function backpressure(out: PassThrough): Promise<void> {
  if (out.writableLength > HIGH_WATER && !out.destroyed) await once(out, 'drain');
}

export async function exportReport(db: Db, x: ExportInput): Promise<ExportStream> {
  const columns = x.runner.columns(x.f.by);
  const [record] = await db
    .insert(reportExports)
    .values({ userId: x.user.id, userName: x.user.name, report: x.id, format: x.format, filters: x.query })
    .returning({ id: reportExports.id });
  const out = new PassThrough();
  const name = reportName(x.id, x.lang);
  const fileName = `${name} ${x.f.from} ${x.f.to}.${x.format}`;
  const none = sheetWord('none', x.lang);
  const byDay = x.f.by === 'day';

  const write = async (): Promise<number> => {
    let count = 0;
    if (x.format === 'csv') {
      out.write('\ufeff' + columns.map((c) => csvField(columnName(c.key, x.lang))).join(',') + '\r\n');
      for await (const row of x.runner.rows(x.reads, x.f, x.scope)) {
        out.write(columns.map((c) => csvField(sheetValue(c, row[c.key] ?? null, x.lang, '', byDay))).join(',') + '\r\n');
        count += 1;
        await backpressure(out);
      }
      out.end();
      return count;
    }
    const lines = await filterLines(x.reads, x.f, x.lang);
    const { totals } = await x.runner.run(x.reads, { ...x.f, page: 1, pageSize: 1 }, x.scope);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    wb.creator = 'Kahraba';
    // Name, generated at, a "filters" caption, one row per filter, a blank row, then the headers (frozen with them).
    const headerRow = 3 + lines.length + 2;
    const ws = wb.addWorksheet(name.slice(0, 31), {
      views: [{ rightToLeft: x.lang === 'ar', state: 'frozen', ySplit: headerRow }],
    });
    ws.columns = columns.map((c) => ({
      key: c.key,
      width: c.kind === 'dimension' ? (byDay ? 14 : 34) : Math.max(14, columnName(c.key, x.lang).length + 4),
      style: NUM_FMT[c.kind] || (c.kind === 'dimension' && byDay) ? { numFmt: (NUM_FMT[c.kind] ?? NUM_FMT.date!)(x.lang) } : {},
    }));
    const title = ws.addRow([name]);
    title.font = { bold: true, size: 14 };
    title.commit();
    const generated = new Intl.DateTimeFormat(x.lang === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
      timeZone: CAIRO,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(x.f.now);
    ws.addRow([sheetWord('generatedAt', x.lang), generated]).commit();
    const caption = ws.addRow([sheetWord('filters', x.lang)]);
    caption.font = { bold: true };
    caption.commit();
    for (const [label, value] of lines) ws.addRow([label, value]).commit();
    ws.addRow([]).commit();
    const header = ws.addRow(columns.map((c) => columnName(c.key, x.lang)));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
      cell.alignment = { wrapText: true, vertical: 'middle' };
      cell.numFmt = '@';
    });
    header.commit();
    for await (const row of x.runner.rows(x.reads, x.f, x.scope)) {
      ws.addRow(columns.map((c) => sheetValue(c, row[c.key] ?? null, x.lang, none, byDay))).commit();
      count += 1;
      await backpressure(out);
    }
    if (totals) {
      const total = ws.addRow(
        columns.map((c, i) => (i === 0 ? sheetWord('total', x.lang) : sheetValue(c, totals[c.key] ?? null, x.lang, none, false))),
      );
      total.font = { bold: true };
      total.getCell(1).numFmt = '@';
      total.commit();
    }
    ws.commit();
    await wb.commit();
    return count;
  };

  const done = write().then(
    async (n) => {
      if (record) await db.update(reportExports).set({ rowCount: n }).where(eq(reportExports.id, record.id));
      return n;
    },
    (err: unknown) => {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
      throw err;
    },
  );
  return {
    stream: out,
    fileName,
    contentType:
      x.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    done,
  };
}
