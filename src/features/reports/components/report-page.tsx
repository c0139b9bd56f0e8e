import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TReportId, TReportQuery, TReportResult, TReportRow } from '../../../../contract/reports.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import type { FilterOption } from '../../../components/request-filter-selects.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDate, formatDateTime, formatTime } from '../../../lib/text/format.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { downloadReport, exportHref, useReport, type ExportFormat } from '../api.ts';
import { cellText, columnName, isNumeric } from '../cells.ts';
import { AGE_GROUP_NAMES, CHANNEL_NAMES, DIMENSION_NAMES, REPORT_NAMES } from '../names.ts';
import { REFRESH_MINUTES, reportTableId, useRefreshChoice, type RefreshMinutes } from '../preferences.ts';
import { rangeExceeds, searchStringOf, type ReportSearch } from '../report-search.ts';
import { usePlaces } from '../use-places.ts';
import { ReportFilters } from './report-filters.tsx';
import './report-print.css';

// The chart's code (visx and d3's scales) loads when the employee asks for the chart.
const ReportChart = lazy(() => import('./report-chart.tsx').then((m) => ({ default: m.ReportChart })));

type Row = { key: string; cells: TReportRow };
// Stand-ins for the page numbers in "Page {0} of {1}" (never in a translation).
const PAGE_MARK = '\u2060#1\u2060';
const PAGES_MARK = '\u2060#2\u2060';

/**
 * One report (spec section 2 "Reports"): its filters, then a toolbar (table or chart, automatic refresh with the
 * time of the figures, xlsx and CSV exports, print) and the figures: the data table (localized names, money in
 * EGP, a totals row, the extra columns the employee chose, paging) or a bar chart with its figures as a table for
 * screen readers. Printed, a header names the report, its filters and the time, and every page is numbered.
 */
export function ReportPage({
  reportId,
  query,
  onSearch,
  services,
  statuses,
}: {
  reportId: TReportId;
  query: TReportQuery;
  onSearch: (next: ReportSearch) => void;
  services: readonly FilterOption[];
  statuses: readonly FilterOption[];
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const user = useCurrentUser();
  const places = usePlaces();
  const refresh = useRefreshChoice(user?.id);
  const [view, setView] = useState<'table' | 'chart'>('table');
  const [exportError, setExportError] = useState<unknown>(undefined);
  const [exporting, setExporting] = useState<ExportFormat | undefined>(undefined);
  const refused = rangeExceeds(query.from, query.to);
  const report = useReport(reportId, query, refresh.minutes === 0 ? false : refresh.minutes * 60_000, !refused);
  const serverRangeError = (report.error as { code?: string } | null)?.code === 'DATE_RANGE_EXCEEDS_LIMIT';
  const name = i18n._(REPORT_NAMES[reportId].name);
  const result = report.data;
  const updatedAt = result ? formatTime(lang, result.generatedAt) : '';
  const printedAt = formatDateTime(lang, result?.generatedAt ?? new Date());

  const filtersInForce = useMemo(() => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- noon of a Cairo day
    const day = (d: string) => formatDate(lang, `${d}T12:00:00Z`);
    const from = day(query.from);
    const to = day(query.to);
    const list: string[] = [t`From ${from} to ${to}`];
    const service = services.find((s) => s.value === query.service)?.label[lang] ?? query.service;
    if (service) list.push(t`Service: ${service}`);
    const status = statuses.find((s) => s.value === query.status)?.label[lang] ?? query.status;
    if (status) list.push(t`Status: ${status}`);
    const company = places.companies.find((c) => c.id === query.companyId)?.name[lang] ?? query.companyId;
    if (company) list.push(t`Company: ${company}`);
    const sector = places.sectors.find((c) => c.id === query.sectorId)?.name[lang] ?? query.sectorId;
    if (sector) list.push(t`Sector: ${sector}`);
    const center = places.serviceCenters.find((c) => c.id === query.serviceCenterId)?.name[lang] ?? query.serviceCenterId;
    if (center) list.push(t`Service center: ${center}`);
    const age = query.ageGroup && query.ageGroup !== 'all' ? i18n._(AGE_GROUP_NAMES[query.ageGroup]) : undefined;
    if (age) list.push(t`Applicant's age: ${age}`);
    const channel = query.channel ? i18n._(CHANNEL_NAMES[query.channel]) : undefined;
    if (channel) list.push(t`Filed by: ${channel}`);
    const by = query.by ? i18n._(DIMENSION_NAMES[query.by]) : undefined;
    if (by) list.push(t`Grouped by: ${by}`);
    return list;
  }, [t, i18n, lang, query, services, statuses, places]);

  const exportQuery = { ...query, page: undefined, pageSize: undefined };
  const onExport = (format: ExportFormat) => {
    setExportError(undefined);
    setExporting(format);
    downloadReport(reportId, exportQuery, format, `${reportId}-${query.from}-${query.to}.${format}`)
      .catch((e: unknown) => setExportError(e))
      .finally(() => setExporting(undefined));
  };

  // "Page N of M" at the foot of every printed page, in the interface's language (a `@page` margin box).
  const pageFooter = useMemo(() => {
    const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;
    // The message with stand-ins for the two numbers, cut at them: the counters go where the translation puts them.
    const page = PAGE_MARK;
    const pages = PAGES_MARK;
    const [before = '', rest = ''] = t`Page ${page} of ${pages}`.split(PAGE_MARK);
    const [middle = '', after = ''] = rest.split(PAGES_MARK);
    /* eslint-disable lingui/no-unlocalized-strings -- CSS */
    const digits = lang === 'ar' ? ', arabic-indic' : '';
    return `@media print { @page { @bottom-center { content: ${quote(before)} counter(page${digits}) ${quote(middle)} counter(pages${digits}) ${quote(after)}; font-size: 9pt; } } }`;
    /* eslint-enable lingui/no-unlocalized-strings */
  }, [t, lang]);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-print="report" data-testid="report-page">
      <style>{pageFooter}</style>
      <div className="hidden print:block" data-testid="report-print-header">
        <p className="text-xl font-bold">{name}</p>
        <p>{filtersInForce.join(lang === 'ar' ? '، ' : ' · ')}</p>
        <p>
          <Trans>Figures as of {printedAt}</Trans>
        </p>
      </div>
      <div className="print:hidden">
        <h1 className="text-2xl font-bold">{name}</h1>
        <p className="text-ink-muted">{i18n._(REPORT_NAMES[reportId].description)}</p>
      </div>
      <ReportFilters
        reportId={reportId}
        query={query}
        onSearch={onSearch}
        services={services}
        statuses={statuses}
        places={places}
        serverRangeError={serverRangeError}
      />
      <div className="flex flex-wrap items-end gap-3 print:hidden" data-print="hide">
        <div role="group" aria-label={t`Show as`} className="flex">
          <button
            type="button"
            className={view === 'table' ? 'btn-primary rounded-e-none' : 'btn-outline rounded-e-none'}
            aria-pressed={view === 'table'}
            onClick={() => setView('table')}
          >
            <Trans>Table</Trans>
          </button>
          <button
            type="button"
            className={view === 'chart' ? 'btn-primary rounded-s-none' : 'btn-outline rounded-s-none'}
            aria-pressed={view === 'chart'}
            onClick={() => setView('chart')}
          >
            <Trans>Chart</Trans>
          </button>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-refresh`} className="text-sm font-medium">
            <Trans>Refresh automatically</Trans>
          </label>
          <select
            id={`${id}-refresh`}
            className="input"
            value={refresh.minutes}
            onChange={(e) => refresh.choose(Number(e.target.value) as RefreshMinutes)}
          >
            {REFRESH_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? t`Off` : m === 1 ? t`Every minute` : t`Every ${m} minutes`}
              </option>
            ))}
          </select>
        </div>
        {result && (
          <p className="min-h-11 content-center text-sm text-ink-muted" data-testid="report-updated">
            <Trans>Updated at {updatedAt}</Trans>
          </p>
        )}
        <div className="ms-auto flex flex-wrap gap-2">
          {(['xlsx', 'csv'] as const).map((format) => (
            <a
              key={format}
              href={exportHref(reportId, searchStringOf(exportQuery), format)}
              className="btn-outline"
              aria-disabled={refused || exporting !== undefined ? true : undefined}
              data-testid={`report-export-${format}`}
              onClick={(e) => {
                e.preventDefault();
                if (!refused && exporting === undefined) onExport(format);
              }}
            >
              {format === 'xlsx' ? <Trans>Export to Excel</Trans> : <Trans>Export to CSV</Trans>}
            </a>
          ))}
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            <Trans>Print</Trans>
          </button>
        </div>
      </div>
      {exportError !== undefined && (
        <Notice tone="error">
          <Trans>The export failed:</Trans> {errorMessages(i18n, exportError as { code?: string }).join(' ')}
        </Notice>
      )}
      {refused || serverRangeError ? null : report.isPending ? (
        <RowsSkeleton />
      ) : report.isError && !result ? (
        <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />
      ) : result ? (
        <ReportFigures
          name={name}
          result={result}
          view={view}
          tableId={reportTableId(reportId, user?.id)}
          onPage={(page) => onSearch({ ...query, page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}

function ReportFigures({
  name,
  result,
  view,
  tableId,
  onPage,
}: {
  name: string;
  result: TReportResult;
  view: 'table' | 'chart';
  tableId: string;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const columns = useMemo<Column<Row>[]>(
    () =>
      result.columns.map((c, i) => ({
        id: c.key,
        header: columnName(i18n, c.key),
        cell: (r: Row) =>
          r.key === 'totals' && i === 0 && !isNumeric(c) ? <Trans>Total</Trans> : cellText(lang, c, r.cells[c.key]),
        rowHeader: i === 0,
        align: isNumeric(c) ? ('end' as const) : ('start' as const),
        hideable: i > 0,
        hiddenByDefault: !c.default,
      })),
    [result.columns, i18n, lang],
  );
  const rows = useMemo(() => result.rows.map((cells, i) => ({ key: String(i), cells })), [result.rows]);
  const pages = pageCount(result.page.total, result.page.size);
  const pager = { page: result.page.index, pages, label: t`${name}: pages`, onPage };
  if (view === 'chart')
    return (
      <div className="flex flex-col gap-3">
        <Suspense fallback={<RowsSkeleton />}>
          <ReportChart title={name} columns={result.columns} rows={result.rows} />
        </Suspense>
        <Pager {...pager} />
      </div>
    );
  return (
    <DataTable
      caption={name}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      tableId={tableId}
      cards={false}
      stickyHeader
      totals={result.totals ? { key: 'totals', cells: result.totals } : undefined}
      empty={<Trans>No figures for these filters.</Trans>}
      pager={pager}
      testId="report-table"
    />
  );
}
