import { useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import type { TBillBreakdown } from '../../contract/tariff.ts';
import { DataTable, type Column } from './ui/data-table.tsx';
import { formatNumber, formatPiastres } from '../lib/text/format.ts';

type Line = TBillBreakdown['lines'][number];

/** How a bill was priced: each band's kWh and price, the customer service charge and the total. */
export function BillBreakdown({ breakdown, caption }: { breakdown: TBillBreakdown; caption: string }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const money = (p: number) => <bdi>{formatPiastres(lang, p)}</bdi>;
  const columns: Column<Line>[] = [
    {
      id: 'band',
      header: t`Band (kWh)`,
      rowHeader: true,
      cell: (l) => {
        const from = formatNumber(lang, l.fromKwh + 1);
        const to = formatNumber(lang, l.toKwh);
        return breakdown.flat ? t`All consumption` : t`${from} to ${to}`;
      },
    },
    { id: 'kwh', header: t`kWh`, align: 'end', cell: (l) => formatNumber(lang, l.kWh) },
    { id: 'price', header: t`Price per kWh`, align: 'end', cell: (l) => money(l.piastresPerKwh) },
    { id: 'amount', header: t`Amount`, align: 'end', cell: (l) => money(l.amountPiastres) },
  ];
  return (
    // Four narrow columns: a table at every width (it scrolls inside its frame on the narrowest phones).
    <DataTable
      caption={caption}
      columns={columns}
      rows={breakdown.lines}
      rowKey={(l) => String(l.fromKwh)}
      cards={false}
      summary={[
        { key: 'fixed', label: t`Customer service charge`, value: money(breakdown.fixedChargePiastres) },
        { key: 'total', label: t`Total`, value: money(breakdown.totalPiastres), strong: true, testId: 'breakdown-total' },
      ]}
    />
  );
}
