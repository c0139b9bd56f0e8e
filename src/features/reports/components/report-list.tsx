import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TReportId } from '../../../../contract/reports.ts';
import { isFinancialReport } from '../report-search.ts';
import { REPORT_NAMES } from '../names.ts';

/** /reports: the reports this employee's roles open, operational then financial, each with what it shows. */
export function ReportList({ reports }: { reports: readonly TReportId[] }) {
  const { i18n } = useLingui();
  const groups = [
    { key: 'operational', title: <Trans>Operational reports</Trans>, ids: reports.filter((r) => !isFinancialReport(r)) },
    { key: 'financial', title: <Trans>Financial reports</Trans>, ids: reports.filter(isFinancialReport) },
  ].filter((g) => g.ids.length > 0);
  return (
    <div className="flex flex-col gap-6" data-testid="report-list">
      <h1 className="text-2xl font-bold">
        <Trans>Reports</Trans>
      </h1>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`reports-${g.key}`} className="flex flex-col gap-3">
          <h2 id={`reports-${g.key}`} className="text-xl font-semibold">
            {g.title}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {g.ids.map((id) => (
              <li
                key={id}
                className="relative flex h-full flex-col gap-1 rounded-xl border border-line bg-card p-4 hover:border-brand"
              >
                {/* The link is the report's name; its box covers the card, so the whole card opens it. */}
                <Link
                  to="/reports/$reportId"
                  params={{ reportId: id }}
                  className="font-semibold text-brand underline-offset-2 after:absolute after:inset-0 hover:underline"
                >
                  {i18n._(REPORT_NAMES[id].name)}
                </Link>
                <p className="text-sm text-ink-muted">{i18n._(REPORT_NAMES[id].description)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
