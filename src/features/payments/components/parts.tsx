import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { TPayment } from '../../../../contract/payments.ts';
import type { TLang } from '../../../../contract/common.ts';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { formatDate, formatDuration, formatNumber, formatPiastres, formatTime } from '../../../lib/text/format.ts';
import type { Means } from '../api.ts';
import { requestRoutes } from '../../../../contract/refs/routes-requests.ts';

/*
 * The parts every payment screen shares: the amounts (spec section 9: gateway fee, service fee, total of bills;
 * no rate is shown), the way to pay, a payment code with its countdown, and the payment's state (spec section 4:
 * checking, paid, unpaid with retry; one status for card and code payments).
 */

export function Amounts({
  billsTotal,
  serviceFee,
  gatewayFee,
  total,
}: {
  billsTotal?: number | undefined;
  serviceFee: number;
  gatewayFee: number;
  total: number;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  return (
    <div className="rounded-xl border border-line bg-card p-4">
      <LabelValueList layout="pairs" testId="amounts">
        {billsTotal !== undefined && (
          <LabelValue label={<Trans>Total of bills</Trans>} align="end">
            {formatPiastres(lang, billsTotal)}
          </LabelValue>
        )}
        <LabelValue label={<Trans>Service fee</Trans>} align="end">
          {formatPiastres(lang, serviceFee)}
        </LabelValue>
        <LabelValue label={<Trans>Payment gateway fee</Trans>} align="end">
          {formatPiastres(lang, gatewayFee)}
        </LabelValue>
        <LabelValue
          label={
            <strong>
              <Trans>Total to pay</Trans>
            </strong>
          }
          align="end"
          testId="total"
        >
          <strong>{formatPiastres(lang, total)}</strong>
        </LabelValue>
      </LabelValueList>
    </div>
  );
}

export const meansKey = (m: Means) => `${m.gatewayId ?? ''}:${m.channel}`;

export function MethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: readonly Required<Means>[];
  value: Means;
  onChange: (m: Means) => void;
}) {
  const name = useId();
  return (
    <fieldset className="rounded-xl border border-line bg-card p-4">
      <legend className="px-1 font-semibold">
        <Trans>How do you want to pay?</Trans>
      </legend>
      <div className="mt-2 flex flex-col gap-2">
        {methods.map((m) => (
          <label key={meansKey(m)} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={name}
              checked={meansKey(m) === meansKey(value)}
              onChange={() => onChange(m)}
              className="size-5"
            />
            {m.channel === 'card' ? (
              <span>
                <Trans>Bank card (Visa, Mastercard, Meeza)</Trans>
              </span>
            ) : (
              <span>
                <Trans>Payment code, paid at an outlet or a wallet (Fawry)</Trans>
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A clock for countdowns: the current time, every `everyMs`. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/** The code's data: its number, until when, since when (its validity), what it costs at the outlet, where it was sent. */
export type CodeFacts = {
  referenceNumber: string;
  expiresAt: string;
  createdAt: string;
  /** What the outlet takes: the bills or fee, the service fee and the outlet's own fee. */
  totalPiastres: number;
  /** The masked mobile number the code was also sent to by SMS, if it was. */
  smsTo?: string | undefined;
};

/** How long a code is valid, in natural units (formatDuration): whole hours up to three days ("48 hours"), days beyond. */
function Validity({ ms }: { ms: number }) {
  const { t, i18n } = useLingui();
  // A code made at 12:00:00.4 for two days still reads "48 hours": from an hour, whole hours.
  const minutes = ms >= 3_600_000 ? Math.round(ms / 3_600_000) * 60 : Math.max(1, Math.round(ms / 60_000));
  const span = formatDuration(i18n, minutes);
  return <>{t`Valid for ${span}`}</>;
}

/**
 * A payment code (Fawry reference number; spec section 3: expiry day and hour): the number with a copy button, the
 * total to pay at the outlet (its fee included, not the bills' amount), the code's validity and the time left, and
 * the SMS it was also sent by.
 */
export function PaymentCode({ code }: { code: CodeFacts }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const now = useNow(1000);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const { referenceNumber, expiresAt } = code;
  const left = Math.max(0, new Date(expiresAt).getTime() - now);
  const minutes = Math.floor(left / 60_000);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  const time = formatTime(lang, expiresAt);
  const day = formatDate(lang, expiresAt);
  const [d, h, m] = [formatNumber(lang, days), formatNumber(lang, hours), formatNumber(lang, mins)];
  const total = formatPiastres(lang, code.totalPiastres);
  const phone = code.smsTo ?? '';
  const copy = () => {
    navigator.clipboard
      .writeText(referenceNumber)
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
  };
  return (
    <section aria-labelledby="code-title" className="rounded-xl border-2 border-brand bg-card p-4" data-testid="payment-code">
      <h2 id="code-title" className="font-semibold">
        <Trans>Your payment code</Trans>
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-3xl font-bold tracking-widest break-all" dir="ltr" data-testid="payment-code-number">
          {referenceNumber}
        </p>
        <button type="button" className="btn-outline" onClick={copy}>
          <Trans>Copy the code</Trans>
        </button>
        <span role="status" className="text-sm font-medium text-success">
          {copied === 'yes' ? <Trans>Copied</Trans> : null}
        </span>
      </div>
      {copied === 'failed' && (
        <Notice tone="warning" inline className="mt-1 text-sm">
          <Trans>The code could not be copied. Select it and copy it yourself.</Trans>
        </Notice>
      )}
      <div className="mt-3 rounded-lg bg-surface p-3" data-testid="code-total">
        <LabelValueList layout="pairs">
          <LabelValue label={<Trans>Total to pay at the outlet</Trans>} align="end" strong>
            {total}
          </LabelValue>
        </LabelValueList>
        <p className="mt-1 text-sm text-ink-muted">
          <Trans>This includes the service fee and the outlet&apos;s fee.</Trans>
        </p>
      </div>
      <p className="mt-3">
        <Trans>
          Pay it at any Fawry outlet or in your wallet app before {day}, {time}.
        </Trans>
      </p>
      <p className="mt-1" data-testid="code-validity">
        <Validity ms={new Date(expiresAt).getTime() - new Date(code.createdAt).getTime()} />
      </p>
      {left > 0 ? (
        <p className="mt-1 text-ink-muted" role="timer" aria-label={t`Time left to pay`}>
          <Trans>
            Time left: {d} d {h} h {m} min
          </Trans>
        </p>
      ) : (
        <p className="mt-1 font-semibold">
          <Trans>This code has expired.</Trans>
        </p>
      )}
      {phone && (
        <p className="mt-2 text-sm" data-testid="code-sms">
          <Trans>
            We also sent the code by SMS to <bdi dir="ltr">{phone}</bdi>.
          </Trans>
        </p>
      )}
    </section>
  );
}

export type PaymentView = 'checking' | 'paid' | 'unpaid';

export const viewOf = (p: TPayment): PaymentView =>
  p.status === 'succeeded' ? 'paid' : p.status === 'started' || p.status === 'pending' ? 'checking' : 'unpaid';

/** The payment status screen's heart: checking, paid, or unpaid with a retry; and a refresh while checking. */
export function PaymentState({
  payment,
  onRefresh,
  refreshing,
  retry,
}: {
  payment: TPayment;
  onRefresh: () => void;
  refreshing: boolean;
  retry: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const view = viewOf(payment);
  const amount = formatPiastres(lang, payment.totalPiastres);
  const paidOn = formatDate(lang, payment.paidAt ?? payment.createdAt);
  return (
    <div className="flex flex-col gap-4" data-testid="payment-state" data-state={view}>
      <div role="status" className="rounded-xl border border-line bg-card p-4">
        {view === 'paid' ? (
          <>
            <p className="text-xl font-bold text-success">
              <Trans>Paid</Trans>
            </p>
            <p className="mt-1">
              <Trans>
                {amount} were paid on {paidOn}.
              </Trans>
            </p>
          </>
        ) : view === 'checking' ? (
          <>
            <p className="text-xl font-bold">
              <Trans>Checking the payment…</Trans>
            </p>
            <p className="mt-1">
              {payment.referenceNumber ? (
                <Trans>We will show the payment here as soon as the code is paid.</Trans>
              ) : (
                <Trans>The payment gateway has not confirmed the payment yet. This page checks again by itself.</Trans>
              )}
            </p>
          </>
        ) : (
          <>
            <p className="text-xl font-bold text-danger">
              <Trans>Unpaid</Trans>
            </p>
            <p className="mt-1">
              {payment.status === 'expired' ? (
                <Trans>The payment code expired before it was paid. Nothing was charged.</Trans>
              ) : payment.status === 'cancelled' ? (
                <Trans>This payment was cancelled. Nothing was charged.</Trans>
              ) : (
                <Trans>The payment did not go through. Nothing was charged; you can try again.</Trans>
              )}
            </p>
          </>
        )}
        {payment.transactionId && (
          <p className="mt-2 text-sm text-ink-muted">
            <Trans>Transaction number:</Trans> <bdi dir="ltr">{payment.transactionId}</bdi>
          </p>
        )}
      </div>
      {view === 'checking' && payment.referenceNumber && payment.expiresAt && (
        <PaymentCode
          code={{
            referenceNumber: payment.referenceNumber,
            expiresAt: payment.expiresAt,
            createdAt: payment.createdAt,
            totalPiastres: payment.totalPiastres,
          }}
        />
      )}
      <div className="flex flex-wrap gap-3">
        {view === 'checking' && (
          <button type="button" className="btn-outline" onClick={onRefresh} disabled={refreshing}>
            <Trans>Refresh status</Trans>
          </button>
        )}
        {view === 'unpaid' && retry}
      </div>
    </div>
  );
}

/** A paid payment's receipt (decision 029): its PDF, opened with the payer's session, and where else it is kept. */
export function ReceiptLink({ receiptId }: { receiptId: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2" data-testid="payment-receipt">
      {/* The payer's own payment: the session opens the PDF (the document download route). */}
      <a
        href={requestRoutes.documentPdf.path.replace(':id', encodeURIComponent(receiptId))}
        // The server names the file by what the receipt pays (decision 049).
        download
        className="inline-flex min-h-11 items-center text-brand underline underline-offset-2"
      >
        <Trans>Download the receipt</Trans>
      </a>
      <span className="text-ink-muted">
        <Trans>The receipt is also kept in My papers.</Trans>
      </span>
    </p>
  );
}
