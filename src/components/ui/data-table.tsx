import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { RowsSkeleton } from '../skeleton.tsx';
import { Icon } from '../icon.tsx';
import { useColumnChoice } from './column-choice.ts';
import { DataCards } from './data-table-cards.tsx';
import { Pager } from './pager.tsx';

/*
 * The one data table (docs/decisions/043-data-table.md): typed columns, sortable headers (a button in the <th>,
 * `aria-sort` on it; sorted here, or reported to the caller who asks the server), a header that stays in view, an
 * empty and a loading state, a column chooser that remembers the user's choice on this device, and on a phone a
 * card per row (label/value pairs in a <dl>). Under it, optionally, the one pager. Logical properties only: it
 * reads the same way in Arabic and English.
 */

export type SortDirection = 'ascending' | 'descending';
export type TableSort = { column: string; direction: SortDirection };

export type Column<T> = {
  /** Stable id: the sort reports it, the column chooser remembers it. */
  id: string;
  /** The header's text (also the card's label and the chooser's). */
  header: ReactNode;
  /** The header is read by screen readers only (an actions column). */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** Sorted here by this value (numbers, or text compared in the reading language). */
  sortValue?: (row: T) => string | number;
  /** Sortable by the caller (server-side): `onSort` is told, the rows are drawn as given. */
  sortable?: boolean;
  /** The user may hide it (the column chooser). */
  hideable?: boolean;
  /** Hidden until the user shows it with the chooser (an extra column). */
  hiddenByDefault?: boolean;
  /** Numbers and amounts line up at the end. */
  align?: 'start' | 'end';
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** A minimum width in CSS pixels (spec section 9: 200 px, or 10 px a character of the title). */
  minWidth?: number;
};

/** A line under the rows (a charge, a total): its label across the columns, its value in the last. */
export type TableSummary = { key: string; label: ReactNode; value: ReactNode; strong?: boolean; testId?: string };

export type DataTableProps<T> = {
  /** What the rows are ("Previous readings"): the table's caption and its scroll region's name. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Data attributes for a row (and its card): `data-testid`, `data-state`… */
  rowProps?: (row: T) => Record<`data-${string}`, string | undefined>;
  /** Where the column chooser keeps the user's choice; without it there is no chooser. */
  tableId?: string;
  /** Server-side sort: the current order, and the callback a header's button calls. */
  sort?: TableSort | undefined;
  onSort?: (next: TableSort) => void;
  /** Client-side sort's first order. */
  defaultSort?: TableSort;
  loading?: boolean;
  /** Shown instead of the table when there is no row. */
  empty?: ReactNode;
  summary?: readonly TableSummary[];
  /** A totals row under the rows, drawn with the columns' cells (its row header says what it is). */
  totals?: T | undefined;
  /**
   * The rows become cards below the `md` width (default), or below `lg` (a wide table on a portrait tablet:
   * decision 050); `false` keeps the table (a narrow one).
   */
  cards?: boolean | 'lg';
  /** Long lists: the table scrolls inside its frame and its header stays in view. */
  stickyHeader?: boolean;
  pager?: { page: number; pages: number; label: string; onPage?: (page: number) => void } | undefined;
  testId?: string;
  /** Drawn beside the column chooser (counts, actions on the list). */
  toolbar?: ReactNode;
};

/** Numbers in order, texts in the reading language's order (digits as numbers: "2" before "10"). */
export const compareValues = (a: string | number, b: string | number, lang?: string): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), lang, { numeric: true });

/** The rows in the order asked for; stable, and untouched without a sort or a sort value. */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: TableSort | undefined, lang?: string) {
  const by = sort && columns.find((c) => c.id === sort.column)?.sortValue;
  if (!sort || !by) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(by(a), by(b), lang));
}

const nextSort = (current: TableSort | undefined, column: string): TableSort => ({
  column,
  direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
});

// Its popover loads with the first table that offers it (column-chooser.tsx).
const ColumnChooser = lazy(() => import('./column-chooser.tsx').then((m) => ({ default: m.ColumnChooser })));

/* eslint-disable lingui/no-unlocalized-strings -- class names */
const CELL = 'px-3 py-2 align-top';
/** Headers sit on the header row's bottom line: a short one beside a wrapped one lines up with its last line. */
const HEAD = 'px-3 py-2 align-bottom';
const alignOf = (c: { align?: 'start' | 'end' | undefined }) => (c.align === 'end' ? 'text-end tabular-nums' : 'text-start');
/* eslint-enable lingui/no-unlocalized-strings */

export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, rows, rowKey, rowProps, tableId, loading, empty, summary, pager, testId, toolbar } = props;
  const { i18n } = useLingui();
  const cards = props.cards ?? true;
  const [ownSort, setOwnSort] = useState<TableSort | undefined>(props.defaultSort);
  const serverSide = props.onSort !== undefined;
  const sort = serverSide ? props.sort : ownSort;
  const choice = useColumnChoice(tableId, columns);
  const visible = columns.filter((c) => !choice.hidden.has(c.id));
  const ordered = useMemo(
    () => (serverSide ? rows : sortRows(rows, columns, sort, i18n.locale)),
    [serverSide, rows, columns, sort, i18n.locale],
  );
  const onSort = (column: string) => {
    const next = nextSort(sort, column);
    if (serverSide) props.onSort?.(next);
    else setOwnSort(next);
  };

  const chooser = tableId && columns.some((c) => c.hideable) && (
    <Suspense fallback={null}>
      <ColumnChooser columns={columns} hidden={choice.hidden} onToggle={choice.toggle} />
    </Suspense>
  );
  const bar = (chooser || toolbar) && (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>{toolbar}</div>
      {chooser}
    </div>
  );

  let body: ReactNode;
  if (loading) body = <RowsSkeleton />;
  else if (rows.length === 0 && empty !== undefined)
    body = (
      <p className="rounded-xl border border-line bg-card p-4" data-testid={testId && `${testId}-empty`}>
        {empty}
      </p>
    );
  else
    body = (
      <>
        <div
          className={`${cards === 'lg' ? 'hidden lg:block' : cards ? 'hidden md:block' : ''} ${props.stickyHeader ? 'max-h-[75vh]' : ''} overflow-auto rounded-xl border border-line bg-card`}
          // A scrolling region is reachable with the keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          role="region"
          aria-label={caption}
        >
          <table className="w-full border-collapse text-start">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {visible.map((c) => {
                  const sortable = c.sortable === true || c.sortValue !== undefined;
                  const state = sort?.column === c.id ? sort.direction : 'none';
                  return (
                    <th
                      key={c.id}
                      scope="col"
                      aria-sort={sortable ? state : undefined}
                      className={`${HEAD} ${alignOf(c)} sticky top-0 z-10 bg-surface text-sm font-semibold`}
                      style={c.minWidth ? { minInlineSize: `${c.minWidth}px` } : undefined}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          className="inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-2 hover:underline"
                          onClick={() => onSort(c.id)}
                        >
                          {c.header}
                          <Icon
                            name="chevron"
                            className={`size-4 ${state === 'none' ? 'opacity-30 rotate-90' : state === 'ascending' ? '-rotate-90' : 'rotate-90'}`}
                          />
                        </button>
                      ) : c.headerHidden ? (
                        <span className="sr-only">{c.header}</span>
                      ) : (
                        // As tall as a sort button, its text centred the same way: every header reads on one line.
                        <span className="inline-flex min-h-11 items-center">{c.header}</span>
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {ordered.map((r) => (
                <tr key={rowKey(r)} className="border-t border-line" {...rowProps?.(r)}>
                  {visible.map((c) =>
                    c.rowHeader ? (
                      <th key={c.id} scope="row" className={`${CELL} ${alignOf(c)} font-medium`}>
                        {c.cell(r)}
                      </th>
                    ) : (
                      <td key={c.id} className={`${CELL} ${alignOf(c)}`}>
                        {c.cell(r)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
            {props.totals !== undefined && (
              <tfoot data-testid={testId && `${testId}-totals`}>
                <tr className="border-t-2 border-line font-semibold">
                  {visible.map((c) =>
                    c.rowHeader ? (
                      <th key={c.id} scope="row" className={`${CELL} ${alignOf(c)}`}>
                        {c.cell(props.totals as T)}
                      </th>
                    ) : (
                      <td key={c.id} className={`${CELL} ${alignOf(c)}`}>
                        {c.cell(props.totals as T)}
                      </td>
                    ),
                  )}
                </tr>
              </tfoot>
            )}
            {summary && summary.length > 0 && (
              <tfoot>
                {summary.map((s) => (
                  <tr key={s.key} className="border-t border-line">
                    <th
                      scope="row"
                      colSpan={Math.max(1, visible.length - 1)}
                      className={`${CELL} text-start ${s.strong ? 'font-semibold' : 'font-normal'}`}
                    >
                      {s.label}
                    </th>
                    <td className={`${CELL} text-end tabular-nums ${s.strong ? 'font-semibold' : ''}`} data-testid={s.testId}>
                      {s.value}
                    </td>
                  </tr>
                ))}
              </tfoot>
            )}
          </table>
        </div>
        {cards && (
          <DataCards
            columns={visible}
            rows={ordered}
            rowKey={rowKey}
            rowProps={rowProps}
            summary={summary}
            below={cards === 'lg' ? 'lg' : 'md'}
          />
        )}
      </>
    );

  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      {bar}
      {body}
      {pager && !loading && <Pager {...pager} />}
    </div>
  );
}
