import type { Column, TableSummary } from './data-table.tsx';
import { LabelValue, LabelValueList } from './label-value-list.tsx';

/*
 * The data table on a phone (below the `md` width): each row a card of label/value pairs (a <dl>), in the table's
 * order and with its visible columns, drawn by the one label/value list (`cards` layout); the summary lines in one
 * more card. The table itself is hidden there, so assistive technology meets each row once.
 */
export function DataCards<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  summary,
  below = 'md',
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: ((row: T) => Record<`data-${string}`, string | undefined>) | undefined;
  summary?: readonly TableSummary[] | undefined;
  /** The width from which the table replaces the cards. */
  below?: 'md' | 'lg';
}) {
  return (
    <ul className={`flex flex-col gap-3 ${below === 'lg' ? 'lg:hidden' : 'md:hidden'}`}>
      {rows.map((r) => (
        <li key={rowKey(r)} className="rounded-xl border border-line bg-card p-4" {...rowProps?.(r)}>
          <LabelValueList layout="cards">
            {columns.map((c) => (
              <LabelValue key={c.id} label={c.header} labelHidden={c.headerHidden}>
                {c.cell(r)}
              </LabelValue>
            ))}
          </LabelValueList>
        </li>
      ))}
      {summary && summary.length > 0 && (
        <li className="rounded-xl border border-line bg-surface p-4">
          <LabelValueList layout="cards">
            {summary.map((s) => (
              <LabelValue key={s.key} label={s.label} strong={s.strong} testId={s.testId}>
                {s.value}
              </LabelValue>
            ))}
          </LabelValueList>
        </li>
      )}
    </ul>
  );
}
