import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import type { TBillBreakdown } from '../../../../contract/tariff.ts';
import { formatNumber, formatPiastres } from '../../../lib/text/format.ts';

/** How a bill was priced: each band's kWh and price, the customer service charge and the total. */
export function BillBreakdown({ breakdown, caption }: { breakdown: TBillBreakdown; caption: string }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const money = (p: number) => <bdi>{formatPiastres(lang, p)}</bdi>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-72 border-collapse text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-ink-muted">
            <th scope="col" className="p-2 text-start font-medium">
              <Trans>Band (kWh)</Trans>
            </th>
            <th scope="col" className="p-2 text-end font-medium">
              <Trans>kWh</Trans>
            </th>
            <th scope="col" className="p-2 text-end font-medium">
              <Trans>Price per kWh</Trans>
            </th>
            <th scope="col" className="p-2 text-end font-medium">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {breakdown.lines.map((l) => {
            const from = formatNumber(lang, l.fromKwh + 1);
            const to = formatNumber(lang, l.toKwh);
            return (
              <tr key={l.fromKwh} className="border-b border-line">
                <th scope="row" className="p-2 text-start font-normal">
                  {breakdown.flat ? t`All consumption` : t`${from} to ${to}`}
                </th>
                <td className="p-2 text-end">{formatNumber(lang, l.kWh)}</td>
                <td className="p-2 text-end">{money(l.piastresPerKwh)}</td>
                <td className="p-2 text-end">{money(l.amountPiastres)}</td>
              </tr>
            );
          })}
          <tr className="border-b border-line">
            <th scope="row" colSpan={3} className="p-2 text-start font-normal">
              <Trans>Customer service charge</Trans>
            </th>
            <td className="p-2 text-end">{money(breakdown.fixedChargePiastres)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="p-2 text-start font-semibold">
              <Trans>Total</Trans>
            </th>
            <td className="p-2 text-end font-semibold" data-testid="breakdown-total">
              {money(breakdown.totalPiastres)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
