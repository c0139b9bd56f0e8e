import type { Column, TableSummary } from './data-table.tsx';

/*
 * The data table on a phone (below the `md` width): each row a card of label/value pairs (a <dl>), in the table's
 * order and with its visible columns; the summary lines in one more card. The table itself is hidden there, so
 * assistive technology meets each row once.
 */
export function DataCards<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  summary,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: ((row: T) => Record<`data-${string}`, string | undefined>) | undefined;
  summary?: readonly TableSummary[] | undefined;
}) {
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {rows.map((r) => (
        <li key={rowKey(r)} className="rounded-xl border border-line bg-card p-4" {...rowProps?.(r)}>
          <LabelValues
            pairs={columns.map((c) => ({ key: c.id, label: c.header, labelHidden: c.headerHidden, value: c.cell(r) }))}
          />
        </li>
      ))}
      {summary && summary.length > 0 && (
        <li className="rounded-xl border border-line bg-surface p-4">
          <LabelValues
            pairs={summary.map((s) => ({ key: s.key, label: s.label, value: s.value, strong: s.strong, testId: s.testId }))}
          />
        </li>
      )}
    </ul>
  );
}

type Pair = {
  key: string;
  label: React.ReactNode;
  labelHidden?: boolean | undefined;
  value: React.ReactNode;
  strong?: boolean | undefined;
  testId?: string | undefined;
};

/** Label/value pairs: the label above (muted), the value under it. */
export function LabelValues({ pairs }: { pairs: readonly Pair[] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      {pairs.map((p) => (
        <div key={p.key} className="flex min-w-0 flex-col">
          <dt className={p.labelHidden ? 'sr-only' : 'text-sm text-ink-muted'}>{p.label}</dt>
          <dd className={`break-words ${p.strong ? 'font-semibold' : ''}`} data-testid={p.testId}>
            {p.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
