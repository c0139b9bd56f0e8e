import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { isOverdue, type TBill, type TBillStatus } from '../../contract/bills.ts';
import type { TLang } from '../../contract/common.ts';
import { LabelValue, LabelValueList } from './ui/label-value-list.tsx';
import { formatDate, formatMonth, formatNumber, formatPiastres } from '../lib/text/format.ts';
import { BillBreakdown } from './bill-breakdown.tsx';

/*
 * One bill as a card (spec section 3 "Bill"): the citizen's bills page and the staff's view of a citizen's bills
 * (decision 060) draw the same card.
 */

export function MeterLabel({ bill }: { bill: TBill }) {
  const number = bill.meterNumber;
  return (
    <>
      {bill.meterName ? `${bill.meterName} · ` : ''}
      <Trans>
        Meter <bdi dir="ltr">{number}</bdi>
      </Trans>
    </>
  );
}

/** The moment the page was drawn: a bill's due date is a day, so the page need not tick. */
export function useNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}

/** "Overdue": an unpaid bill past its due date (the word, not only a colour). */
export function OverdueBadge() {
  return (
    <span className="rounded-full bg-error-bg px-2.5 py-0.5 text-sm font-semibold text-error-ink">
      <Trans>Overdue</Trans>
    </span>
  );
}

const STATUS: Record<TBillStatus, ReactNode> = {
  unpaid: <Trans>Unpaid</Trans>,
  paid: <Trans>Paid</Trans>,
  cancelled: <Trans>Cancelled</Trans>,
};

export function BillCard({ bill }: { bill: TBill }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const period = formatMonth(lang, bill.period);
  const kWh = formatNumber(lang, bill.consumption);
  const now = useNow();
  return (
    <article aria-labelledby={`bill-${bill.id}`} className="rounded-xl border border-line bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`bill-${bill.id}`} className="font-semibold">
          {period} · <MeterLabel bill={bill} />
        </h3>
        <span className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-3 py-0.5 text-sm font-medium ${
              bill.status === 'paid'
                ? 'bg-success-bg text-success-ink'
                : bill.status === 'unpaid'
                  ? 'bg-warning-bg text-warning-ink'
                  : 'bg-info-bg text-info-ink'
            }`}
          >
            {STATUS[bill.status]}
          </span>
          {isOverdue(bill, now) && <OverdueBadge />}
        </span>
      </div>
      <LabelValueList layout="tiles" className="mt-3 grid-cols-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <LabelValue label={<Trans>Bill number</Trans>}>
          <bdi dir="ltr">{bill.number}</bdi>
        </LabelValue>
        <LabelValue label={<Trans>Amount</Trans>}>
          <bdi>{formatPiastres(lang, bill.amountPiastres)}</bdi>
        </LabelValue>
        <LabelValue label={<Trans>Consumption</Trans>}>{t`${kWh} kWh`}</LabelValue>
        <LabelValue label={<Trans>Month of entitlement</Trans>}>{period}</LabelValue>
        <LabelValue label={<Trans>Issue date</Trans>}>{formatDate(lang, bill.issuedAt)}</LabelValue>
        <LabelValue label={<Trans>Due date</Trans>}>{formatDate(lang, bill.dueAt)}</LabelValue>
        {bill.paidAt && <LabelValue label={<Trans>Paid on</Trans>}>{formatDate(lang, bill.paidAt)}</LabelValue>}
      </LabelValueList>
      {bill.breakdown && (
        <details className="mt-3">
          <summary className="cursor-pointer font-medium">
            <Trans>How this bill is made up</Trans>
          </summary>
          <div className="mt-2">
            <BillBreakdown breakdown={bill.breakdown} caption={t`How the bill of ${period} is made up`} />
          </div>
        </details>
      )}
    </article>
  );
}
