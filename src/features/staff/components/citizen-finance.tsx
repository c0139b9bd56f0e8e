import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TStaffPayment } from '../../../../contract/finance.ts';
import { ROLES_FOR } from '../../../../contract/roles.ts';
import { BillCard } from '../../../components/bill-card.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDate, formatPiastres } from '../../../lib/text/format.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useCitizenFinance, useRefund } from '../api.ts';

/*
 * A citizen's bills, payments and papers for technical support (decision 060): read only, and only what is in the
 * staff member's scope (the server decides). Staff who record refunds (HANDLE_BILLING_REQUESTS) get "Record a
 * refund" on a paid payment: the receipt is withdrawn and a credit note issued to the citizen.
 */

const STATUS_TEXT: Record<TStaffPayment['status'], () => ReactNode> = {
  started: () => <Trans>Started</Trans>,
  pending: () => <Trans>Waiting for the gateway</Trans>,
  succeeded: () => <Trans>Paid</Trans>,
  failed: () => <Trans>Failed</Trans>,
  expired: () => <Trans>Expired</Trans>,
  refunded: () => <Trans>Refunded</Trans>,
  cancelled: () => <Trans>Cancelled</Trans>,
};

/** Rows a page of payments and of bills (decision 076): a tablet's screenful or two. */
const PAGE_SIZE = 20;

export function CitizenFinance({ citizenId }: { citizenId: string }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  // Each list pages on its own: a page of payments (and their papers), a page of bills.
  const [paymentsPage, setPaymentsPage] = useState(1);
  const [billsPage, setBillsPage] = useState(1);
  const q = useCitizenFinance(citizenId, {
    limit: PAGE_SIZE,
    paymentsSkip: (paymentsPage - 1) * PAGE_SIZE,
    billsSkip: (billsPage - 1) * PAGE_SIZE,
  });
  const viewer = useViewer();
  const canRefund = ROLES_FOR.refunds.some((r) => viewer.roles.includes(r));
  const [refunding, setRefunding] = useState<TStaffPayment | undefined>();
  const [done, setDone] = useState<string | undefined>();

  if (q.isPending) return <CardsSkeleton count={3} />;
  if (q.isError) return <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />;
  const f = q.data;

  const columns: Column<TStaffPayment>[] = [
    {
      id: 'reference',
      header: t`Payment reference`,
      cell: (p) => <bdi dir="ltr">{p.referenceNumber ? `${p.id.slice(0, 8)} · ${p.referenceNumber}` : p.id.slice(0, 8)}</bdi>,
    },
    {
      id: 'for',
      header: t`For`,
      cell: (p) =>
        p.purpose === 'bills' ? (
          <Trans>Bills</Trans>
        ) : p.requestNumber ? (
          <bdi dir="ltr">{p.requestNumber}</bdi>
        ) : (
          <Trans>A request's fee</Trans>
        ),
    },
    { id: 'total', header: t`Total`, cell: (p) => <bdi>{formatPiastres(lang, p.totalPiastres)}</bdi> },
    {
      id: 'status',
      header: t`Status`,
      cell: (p) => (
        <span data-testid={`payment-status-${p.id}`}>
          {STATUS_TEXT[p.status]()}
          {p.refundReason && <span className="block text-sm text-ink-muted">{p.refundReason}</span>}
        </span>
      ),
    },
    { id: 'date', header: t`Date`, cell: (p) => formatDate(lang, p.paidAt ?? p.createdAt) },
    ...(canRefund
      ? [
          {
            id: 'actions',
            header: t`Actions`,
            cell: (p: TStaffPayment) =>
              p.status === 'succeeded' ? (
                <button type="button" className="btn-outline" onClick={() => (setDone(undefined), setRefunding(p))}>
                  <Trans>Record a refund</Trans>
                </button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="finance-title" className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 id="finance-title" className="text-2xl font-bold">
          <Trans>Bills and payments</Trans>
        </h1>
        <LabelValueList layout="tiles" className="sm:grid-cols-3">
          <LabelValue label={<Trans>Citizen</Trans>}>
            <bdi>{f.citizen.name}</bdi>
          </LabelValue>
          {f.citizen.nationalId && (
            <LabelValue label={<Trans>National ID</Trans>}>
              <bdi dir="ltr">{f.citizen.nationalId}</bdi>
            </LabelValue>
          )}
          <LabelValue label={<Trans>Unpaid</Trans>}>
            <bdi>{formatPiastres(lang, f.unpaidTotalPiastres)}</bdi>
          </LabelValue>
        </LabelValueList>
        <p className="text-ink-muted">
          <Trans>Read only. Only the meters and requests of your company are shown.</Trans>
        </p>
      </header>
      {done && <Notice tone="success">{done}</Notice>}

      <section aria-labelledby="finance-payments" className="flex flex-col gap-3">
        <h2 id="finance-payments" className="text-xl font-semibold">
          <Trans>Payments</Trans>
        </h2>
        {f.payments.length === 0 ? (
          <p className="rounded-xl border border-line bg-card p-4">
            <Trans>No payments.</Trans>
          </p>
        ) : (
          <DataTable
            caption={t`Payments`}
            columns={columns}
            rows={f.payments}
            rowKey={(p) => p.id}
            cards="lg"
            pager={{
              page: paymentsPage,
              pages: pageCount(f.paymentsTotal, PAGE_SIZE),
              label: t`Payment pages`,
              onPage: (to) => {
                setRefunding(undefined);
                setPaymentsPage(to);
              },
            }}
          />
        )}
        {refunding && (
          <RefundForm
            citizenId={citizenId}
            payment={refunding}
            onClose={() => setRefunding(undefined)}
            onDone={(text) => {
              setRefunding(undefined);
              setDone(text);
            }}
          />
        )}
      </section>

      <section aria-labelledby="finance-papers" className="flex flex-col gap-3">
        <h2 id="finance-papers" className="text-xl font-semibold">
          <Trans>Receipts and credit notes</Trans>
        </h2>
        {f.paymentsTotal > PAGE_SIZE && (
          <p className="text-ink-muted">
            <Trans>Only those of the payments on this page.</Trans>
          </p>
        )}
        {f.documents.length === 0 ? (
          <p className="rounded-xl border border-line bg-card p-4">
            <Trans>No receipts.</Trans>
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="finance-papers">
            {f.documents.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 rounded-xl border border-line bg-card p-4" data-kind={d.kind}>
                <span className="font-semibold">{d.label[lang]}</span>
                {d.paymentReference && (
                  <span>
                    <Trans>Payment reference</Trans> <bdi dir="ltr">{d.paymentReference}</bdi>
                  </span>
                )}
                {d.withdrawnAt && (
                  <span className="text-warning-ink">
                    <Trans>Withdrawn: the payment was refunded.</Trans>
                  </span>
                )}
                <time className="text-sm text-ink-muted" dateTime={d.createdAt}>
                  {formatDate(lang, d.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="finance-bills" className="flex flex-col gap-3">
        <h2 id="finance-bills" className="text-xl font-semibold">
          <Trans>Bills</Trans>
        </h2>
        {f.bills.length === 0 ? (
          <p className="rounded-xl border border-line bg-card p-4">
            <Trans>No bills.</Trans>
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-3" data-testid="finance-bills">
              {f.bills.map((b) => (
                <li key={b.id}>
                  <BillCard bill={b} />
                </li>
              ))}
            </ul>
            <Pager page={billsPage} pages={pageCount(f.billsTotal, PAGE_SIZE)} label={t`Bill pages`} onPage={setBillsPage} />
          </>
        )}
      </section>
      <p>
        <Link to="/inbox" className="text-brand underline">
          <Trans>Back to the inbox</Trans>
        </Link>
      </p>
    </section>
  );
}

/** Why the payment is refunded; sent, the receipt is withdrawn and the credit note issued. */
function RefundForm({
  citizenId,
  payment,
  onClose,
  onDone,
}: {
  citizenId: string;
  payment: TStaffPayment;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const refund = useRefund(citizenId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string[] | undefined>();
  const total = formatPiastres(lang, payment.totalPiastres);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) return setProblem([t`Say why the payment is refunded.`]);
    setProblem(undefined);
    refund.mutate(
      { paymentId: payment.id, reason: reason.trim() },
      {
        onSuccess: () => onDone(t`The refund of ${total} was recorded: its receipt is withdrawn and a credit note was issued.`),
        onError: (err) => setProblem(errorMessages(i18n, err instanceof ApiError ? err : null)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border-2 border-brand bg-card p-4"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        <Trans>Record the refund of {total}</Trans>
      </h3>
      <p className="text-sm text-ink-muted">
        <Trans>
          Record it once the money was returned through the gateway or at the cashier. The receipt is withdrawn, a credit note is
          issued to the citizen, and bills it paid are due again.
        </Trans>
      </p>
      <Field id={`${id}-reason`} label={<Trans>Reason for the refund</Trans>}>
        <textarea className="input" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {problem && (
        <Notice tone="error" inline>
          {problem.join(' ')}
        </Notice>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={refund.isPending}>
          <Trans>Record the refund</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
