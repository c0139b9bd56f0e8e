import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TReportColumn, TReportRow } from '../../../../contract/reports.ts';
import { Field } from '../../../components/ui/field.tsx';
import { FiguresTable } from '../../../components/ui/figures-table.tsx';
import { cellText, chartNumber, columnName, formatValue, isNumeric } from '../cells.ts';

/*
 * A report as a bar chart (decision 058): SVG drawn with visx (d3's scales, React's elements), in its own chunk
 * that only the report screens of the employee build load. In Arabic the first bar stands at the right and the
 * value axis on the right: the x scale's range is reversed, and the labels are drawn right to left. The chart is
 * an image to screen readers; its numbers are in the visually hidden table that follows it.
 */

const WIDTH = 800;
const HEIGHT = 360;
const MARGIN = { top: 16, bottom: 72, side: 72 };
// Bars beyond this are the table's: a chart of hundreds of bars says nothing.
const MAX_BARS = 40;

export type ChartProps = {
  title: string;
  columns: readonly TReportColumn[];
  rows: readonly TReportRow[];
};

export function ReportChart({ title, columns, rows }: ChartProps) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const rtl = lang === 'ar';
  const id = useId();
  const label = columns.find((c) => !isNumeric(c)) ?? columns[0];
  const measures = columns.filter(isNumeric);
  const [measureKey, setMeasureKey] = useState<string | undefined>(undefined);
  const measure = measures.find((m) => m.key === measureKey) ?? measures[0];
  if (!label || !measure) return null;

  const data = rows.slice(0, MAX_BARS).map((r, i) => ({
    key: String(i),
    label: cellText(lang, label, r[label.key]),
    value: chartNumber(measure, r[measure.key]) ?? 0,
    text: cellText(lang, measure, r[measure.key]),
  }));
  const innerWidth = WIDTH - 2 * MARGIN.side;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: data.map((d) => d.key),
    // Right to left in Arabic: the first bar at the start of the reading direction.
    range: rtl ? [innerWidth, 0] : [0, innerWidth],
    padding: 0.25,
  });
  const max = Math.max(0, ...data.map((d) => d.value));
  const y = scaleLinear<number>({ domain: [0, max === 0 ? 1 : max], range: [innerHeight, 0], nice: true });
  const byKey = new Map(data.map((d) => [d.key, d.label]));
  const asShown = (n: number) => formatValue(lang, measure.kind === 'money' ? 'count' : measure.kind, n);
  const ValueAxis = rtl ? AxisRight : AxisLeft;
  const measureName = columnName(i18n, measure.key);

  return (
    <div className="flex flex-col gap-3" data-testid="report-chart">
      {measures.length > 1 && (
        <Field id={`${id}-measure`} label={<Trans>Figure drawn</Trans>} className="flex max-w-sm flex-col gap-1 print:hidden">
          <select className="input" value={measure.key} onChange={(e) => setMeasureKey(e.target.value)}>
            {measures.map((m) => (
              <option key={m.key} value={m.key}>
                {columnName(i18n, m.key)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="overflow-x-auto rounded-xl border border-line bg-card p-2">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full min-w-[36rem]"
          role="img"
          aria-label={t`${title}: ${measureName} (chart)`}
          direction={rtl ? 'rtl' : 'ltr'}
        >
          <Group left={MARGIN.side} top={MARGIN.top}>
            {data.map((d) => {
              const h = innerHeight - (y(d.value) ?? innerHeight);
              return (
                <Bar
                  key={d.key}
                  x={x(d.key) ?? 0}
                  y={innerHeight - h}
                  width={x.bandwidth()}
                  height={h}
                  className="fill-brand"
                  data-value={d.value}
                />
              );
            })}
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickFormat={(k) => byKey.get(k) ?? ''}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={() => ({
                fill: 'currentColor',
                fontSize: 12,
                textAnchor: 'end',
                angle: rtl ? 35 : -35,
                direction: rtl ? 'rtl' : 'ltr',
              })}
            />
            <ValueAxis
              {...(rtl ? { left: innerWidth } : {})}
              scale={y}
              numTicks={5}
              tickFormat={(n) => asShown(Number(n))}
              stroke="currentColor"
              tickStroke="currentColor"
              // Numbers: their own direction; on the right of the axis in Arabic, on its left in English.
              tickLabelProps={() => ({ fill: 'currentColor', fontSize: 12, textAnchor: rtl ? 'start' : 'end' })}
            />
          </Group>
        </svg>
      </div>
      <FiguresTable
        testId="report-chart-table"
        caption={t`${title}: the chart's figures`}
        labelHeader={columnName(i18n, label.key)}
        valueHeader={measureName}
        rows={data.map((d) => ({ key: d.key, label: d.label, value: d.text }))}
      />
    </div>
  );
}
