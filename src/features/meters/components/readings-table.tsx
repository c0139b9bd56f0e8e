import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import type { TReading } from '../../../../contract/meters.ts';
import { periodOf } from '../../../../contract/reading-check.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { localDigits } from '../../../lib/locale.ts';
import { formatDate, formatMonth } from '../../../lib/text/format.ts';
import type { OutboxRecord } from '../../outbox/index.ts';
import { bodyOf } from './reading-write.ts';

/** A reading in the table: one the server has, or one still on the device (waiting, or needing attention). */
type Row = {
  key: string;
  period: string;
  value: number;
  consumption: number | undefined;
  readAt: string;
  state: string;
  problem: string | undefined;
};

/** A meter's previous readings: those still on the device first, then the server's; each with its state. */
export function ReadingsTable({
  stored,
  waiting,
  loading,
}: {
  stored: readonly TReading[];
  waiting: readonly OutboxRecord[];
  loading: boolean;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const rows: Row[] = [
    ...waiting.map((r) => ({
      key: r.id,
      period: periodOf(bodyOf(r).readAt),
      value: bodyOf(r).value,
      consumption: undefined,
      readAt: bodyOf(r).readAt,
      state: r.state,
      problem: r.lastError ? errorMessages(i18n, r.lastError).join(' ') : undefined,
    })),
    ...stored.map((r) => ({
      key: r.id,
      period: r.period,
      value: r.value,
      consumption: r.consumption,
      readAt: r.readAt,
      state: 'sent',
      problem: undefined,
    })),
  ];
  const columns: Column<Row>[] = [
    { id: 'period', header: t`Period`, sortValue: (r) => r.period, cell: (r) => formatMonth(lang, r.period) },
    { id: 'value', header: t`Reading`, cell: (r) => <bdi dir="ltr">{localDigits(lang, r.value)}</bdi> },
    {
      id: 'consumption',
      header: t`Consumption (kWh)`,
      cell: (r) => (r.consumption === undefined ? '–' : <bdi dir="ltr">{localDigits(lang, r.consumption)}</bdi>),
    },
    { id: 'date', header: t`Date`, sortValue: (r) => Date.parse(r.readAt), cell: (r) => formatDate(lang, r.readAt) },
    { id: 'state', header: t`State`, cell: (r) => <ReadingState row={r} /> },
  ];
  return (
    <DataTable
      caption={t`Previous readings`}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      rowProps={(r) => ({ 'data-testid': 'reading-row', 'data-state': r.state })}
      loading={loading}
      empty={<Trans>No readings yet.</Trans>}
      testId="readings-table"
    />
  );
}

function ReadingState({ row }: { row: Row }) {
  if (row.state === 'sent') return <Trans>Registered</Trans>;
  if (row.state !== 'attention') return <Trans>Waiting to be sent</Trans>;
  return (
    <span className="text-error-ink">
      <Trans>Needs attention</Trans>
      {row.problem && <>: {row.problem}</>}
    </span>
  );
}
