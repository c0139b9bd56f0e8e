import type { ReactNode } from 'react';

/*
 * A chart's figures as a table for screen readers (WCAG 1.1.1: the chart's SVG is hidden from them). Visually
 * hidden; one row per figure, its label the row header. The one `<table>` outside the data table, and like it it
 * lives in the UI kit (issue 22: no table outside src/components/ui/).
 */
export type FiguresTableProps = {
  caption: ReactNode;
  labelHeader: ReactNode;
  valueHeader: ReactNode;
  rows: readonly { key: string; label: ReactNode; value: ReactNode }[];
  testId?: string;
};

export function FiguresTable({ caption, labelHeader, valueHeader, rows, testId }: FiguresTableProps) {
  return (
    <table className="sr-only" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.label}</th>
            <td>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
