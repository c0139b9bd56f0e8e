import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { isOverdue } from '../../../../contract/bills.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDate, formatPiastres } from '../../../lib/text/format.ts';
import { type Means, PAYBILLS, BILLS_PAY, rememberStarted, useBillsQuote, usePayBills } from '../api.ts';
import { Amounts, MethodPicker, PaymentCode, meansKey } from './parts.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';

type QuotedBill = { id: string; number: string; meterNumber: string; dueAt: string; amountPiastres: number };

/** The chosen bills: number and meter (data, left to right), due date, amount. */
const billColumns = (
  lang: TLang,
  bill: string,
  meter: string,
  due: string,
  amount: string,
  overdue: string,
  now: number,
): Column<QuotedBill>[] => [
  { id: 'number', header: bill, cell: (b) => <bdi dir="ltr">{b.number}</bdi> },
  { id: 'meter', header: meter, cell: (b) => <bdi dir="ltr">{b.meterNumber}</bdi> },
  {
    id: 'due',
    header: due,
    cell: (b) => (
      <>
        {formatDate(lang, b.dueAt)}
        {isOverdue(b, now) && <span className="ms-2 font-semibold text-danger">{overdue}</span>}
      </>
    ),
  },
  { id: 'amount', header: amount, align: 'end', cell: (b) => formatPiastres(lang, b.amountPiastres) },
];

/**
 * /pay/PAYBILLS/bills?ids=…: the bills chosen on the bills page, the total of bills, the service fee and the gateway fee
 * of the chosen way to pay, then the gateway (spec section 2 "Pay bills"). The server checked the choice when it
 * answered the amounts (older first, unpaid, the citizen's own) and checks it again when the payment starts.
 */
export function PayBillsPage({ ids }: { ids: string[] }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const quote = useBillsQuote(ids);
  const pay = usePayBills();
  const navigate = useNavigate();
  const [means, setMeans] = useState<Means>({ channel: 'card' });
  const [now] = useState(() => Date.now());
  // One key per attempt: a second press or a retry after a lost answer is the same payment.
  const attempt = useRef<{ means: string; key: string } | null>(null);

  if (quote.isPending) return <RowsSkeleton />;
  if (quote.isError) {
    return (
      <Frame>
        {isRefusal(quote.error) ? (
          // The server refused these bills (paid already, an older one left out, in another payment): its
          // catalogue message, nothing raw (decision 049).
          <Notice tone="error" testId="pay-refusal">
            {errorMessages(i18n, quote.error).join(' ')}
          </Notice>
        ) : (
          <ErrorPanel error={quote.error} onRetry={() => void quote.refetch()} />
        )}
        <div className="flex flex-wrap gap-3">
          <BackToBills primary />
        </div>
      </Frame>
    );
  }
  const q = quote.data;
  const methods = q.methods.map((m) => ({ gatewayId: m.gatewayId, channel: m.channel }));
  const chosen = q.methods.find((m) => meansKey(m) === meansKey(means)) ?? q.methods[0];
  const started = pay.data;

  const submit = () => {
    if (!chosen) return;
    const k = meansKey(chosen);
    if (attempt.current?.means !== k) attempt.current = { means: k, key: crypto.randomUUID() };
    pay.mutate(
      { billIds: ids, means: { gatewayId: chosen.gatewayId, channel: chosen.channel }, idempotencyKey: attempt.current.key },
      {
        onSuccess: (r) => {
          rememberStarted(r.payment.id);
          if (r.next.kind === 'redirect') window.location.assign(r.next.url);
          else if (r.next.kind === 'done') void navigate({ ...BILLS_PAY, search: { paymentId: r.payment.id } });
        },
      },
    );
  };

  return (
    <Frame>
      <section aria-labelledby="bills-title" className="rounded-xl border border-line bg-card p-4">
        <h2 id="bills-title" className="font-semibold">
          <Trans>Bills to pay</Trans>
        </h2>
        <div className="mt-2">
          <DataTable
            caption={t`Bills to pay`}
            columns={billColumns(lang, t`Bill`, t`Meter`, t`Due date`, t`Amount`, t`Overdue`, now)}
            rows={q.bills}
            rowKey={(b) => b.id}
          />
        </div>
      </section>
      {started?.next.kind === 'code' ? (
        <>
          <PaymentCode
            code={{
              referenceNumber: started.next.referenceNumber,
              expiresAt: started.next.expiresAt,
              createdAt: started.payment.createdAt,
              totalPiastres: started.payment.totalPiastres,
              smsTo: started.next.smsTo,
            }}
          />
          <div className="flex flex-wrap gap-3">
            <Link {...BILLS_PAY} search={{ paymentId: started.payment.id }} className="btn-primary">
              <Trans>Follow this payment</Trans>
            </Link>
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                pay.reset();
                setMeans({ channel: 'card' });
              }}
            >
              <Trans>Pay by card instead</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          <MethodPicker methods={methods} value={chosen ?? means} onChange={setMeans} />
          {chosen && (
            <Amounts
              billsTotal={q.billsTotalPiastres}
              serviceFee={q.serviceFeePiastres}
              gatewayFee={chosen.gatewayFeePiastres}
              total={chosen.totalPiastres}
            />
          )}
          {pay.isError && <ErrorSummary messages={errorMessages(i18n, pay.error)} />}
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={submit} disabled={pay.isPending || !chosen}>
              {chosen?.channel === 'code' ? <Trans>Get a payment code</Trans> : <Trans>Go to the payment page</Trans>}
            </button>
            <BackToBills />
          </div>
        </>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="pay-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 id="pay-title" className="text-2xl font-bold">
        <Trans>Pay bills</Trans>
      </h1>
      {children}
    </section>
  );
}

/** The refusals of a choice of bills (spec section 8 "Payments"): said by their code's message, not as a failure. */
const REFUSALS = new Set(['OLDER_BILLS_FIRST', 'BILL_ALREADY_PAID', 'NO_BILLS_SELECTED', 'PAYMENT_IN_PROGRESS', 'NO_BILLS_DUE']);
const isRefusal = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && REFUSALS.has(String((e as { code?: unknown }).code));

function BackToBills({ primary = false }: { primary?: boolean }) {
  return (
    <Link to="/services/$serviceSlug/add" params={{ serviceSlug: PAYBILLS }} className={primary ? 'btn-primary' : 'btn-outline'}>
      <Trans>Back to my bills</Trans>
    </Link>
  );
}
