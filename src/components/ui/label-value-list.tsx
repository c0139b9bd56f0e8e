import { createContext, useContext, type ReactNode } from 'react';

/*
 * The one label/value list (docs/decisions/044-fields-and-one-error-summary.md): a <dl> whose entries are a label
 * (<dt>) and its value (<dd>), each pair in its own <div>. Three layouts:
 * - `rows` (the default): one pair a line, divided, the labels in a column from tablet width (a profile, a receipt);
 * - `pairs`: a compact two-column grid of label and value (the citizen an agent acts for);
 * - `tiles`: each pair a small block; the caller's `className` sets the grid's columns (a bill's facts);
 * - `cards`: the label above its value, two columns from the `sm` width (a data table's row on a phone).
 */

export type LabelValueLayout = 'rows' | 'pairs' | 'tiles' | 'cards';

/* eslint-disable lingui/no-unlocalized-strings -- class names */
const LIST: Record<LabelValueLayout, string> = {
  rows: '',
  pairs: 'grid grid-cols-[auto_1fr] gap-x-4 gap-y-1',
  tiles: 'grid gap-x-4 gap-y-2',
  cards: 'grid gap-x-4 gap-y-2 sm:grid-cols-2',
};
const PAIR: Record<LabelValueLayout, string> = {
  rows: 'grid gap-0.5 border-b border-line py-2 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4',
  pairs: 'col-span-2 grid grid-cols-subgrid',
  tiles: '',
  cards: 'flex min-w-0 flex-col',
};
const LABEL: Record<LabelValueLayout, string> = {
  rows: 'text-sm text-ink-muted',
  pairs: 'text-ink-muted',
  tiles: 'text-ink-muted',
  cards: 'text-sm text-ink-muted',
};
const VALUE: Record<LabelValueLayout, string> = {
  rows: 'font-medium break-words',
  pairs: 'break-words',
  tiles: 'font-medium',
  cards: 'break-words',
};
/* eslint-enable lingui/no-unlocalized-strings */

const Layout = createContext<LabelValueLayout>('rows');

export function LabelValueList({
  layout = 'rows',
  className = '',
  live,
  testId,
  tour,
  children,
}: {
  layout?: LabelValueLayout;
  /** Layout only (margins, the tiles' columns). */
  className?: string;
  /** `polite`: the values change in place and are read out (the citizen found). */
  live?: 'polite';
  testId?: string;
  /** What the guided tour names it by (`data-tour`, decision 073). */
  tour?: string;
  children: ReactNode;
}) {
  return (
    <Layout.Provider value={layout}>
      <dl className={`${LIST[layout]} ${className}`.trim() || undefined} aria-live={live} data-testid={testId} data-tour={tour}>
        {children}
      </dl>
    </Layout.Provider>
  );
}

/**
 * One label and its value, in the list's layout. `dir` is the value's (`auto` for names typed by people);
 * `labelHidden`: the label is read, not shown (an actions column); `strong`: a total.
 */
export function LabelValue({
  label,
  dir,
  align,
  testId,
  labelHidden,
  strong,
  children,
}: {
  label: ReactNode;
  dir?: 'auto' | 'ltr' | undefined;
  /** `end`: an amount, at the end of its line in tabular digits (a payment's sums). */
  align?: 'end' | undefined;
  testId?: string | undefined;
  labelHidden?: boolean | undefined;
  strong?: boolean | undefined;
  children: ReactNode;
}) {
  const layout = useContext(Layout);
  return (
    <div className={PAIR[layout] || undefined}>
      <dt className={labelHidden ? 'sr-only' : LABEL[layout]}>{label}</dt>
      <dd
        className={[VALUE[layout], align === 'end' && 'text-end tabular-nums', strong && 'font-semibold']
          .filter(Boolean)
          .join(' ')}
        dir={dir}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}
