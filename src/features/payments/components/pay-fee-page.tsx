import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { pick } from '../../../lib/localized.ts';
import type { TLang } from '../../../../contract/common.ts';
import { type Means, rememberStarted, useFeeDetails, useFeeRequest, useFeeStatus, usePayFee } from '../api.ts';
import { Amounts, MethodPicker, PaymentState, ReceiptLink, meansKey } from './parts.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { RequestNumber } from '../../../components/request-number.tsx';

/**
 * /pay/{serviceSlug}/{entryId} (spec section 2): a request that waits for its service fee (paymentInAdvance
 * services such as CODEMETER). Shows the request, its payment state (checking, paid, unpaid), and, until paid,
 * the fee with each way to pay; the gateway brings the citizen back here. Choosing a card while a payment code
 * waits cancels the code (spec section 4).
 */
export function PayFeePage({ serviceSlug, entryId }: { serviceSlug: string; entryId: string }) {
  const request = useFeeRequest(serviceSlug, entryId);
  const status = useFeeStatus(serviceSlug, entryId);
  const paid = status.data?.state === 'paid';
  // The fee and the ways to pay, until paid: a request that owes nothing answers with its own code.
  const details = useFeeDetails(serviceSlug, entryId, status.isSuccess && !paid);
  const { i18n } = useLingui();
  const number = request.data?.ID ?? '';
  const label = request.data ? pick(request.data.serviceLabel, i18n.locale as TLang) : '';
  const back = (
    <Link to="/services/$serviceSlug/entries/$entryId" params={{ serviceSlug, entryId }} className="btn-outline self-start">
      <Trans>Back to the request</Trans>
    </Link>
  );

  return (
    <section aria-labelledby="fee-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 id="fee-title" className="text-2xl font-bold">
        <Trans>Pay the service fee</Trans>
      </h1>
      {request.isPending || status.isPending ? (
        <RowsSkeleton />
      ) : request.isError ? (
        <ErrorPanel error={request.error} hideRetry />
      ) : status.isError ? (
        <ErrorPanel error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          <p className="rounded-xl border border-line bg-card p-4" data-testid="fee-request">
            <Trans>
              Request <RequestNumber value={number} />: {label}
            </Trans>
          </p>
          {status.data.payment && (
            <PaymentState
              payment={status.data.payment}
              onRefresh={() => void status.refetch()}
              refreshing={status.isFetching}
              retry={null}
            />
          )}
          {paid ? (
            <>
              {status.data.payment?.receiptId && <ReceiptLink receiptId={status.data.payment.receiptId} />}
              {back}
            </>
          ) : details.isPending ? (
            <RowsSkeleton />
          ) : details.isError ? (
            <>
              <ErrorPanel error={details.error} hideRetry />
              {back}
            </>
          ) : (
            <Choose
              serviceSlug={serviceSlug}
              entryId={entryId}
              serviceFee={details.data.serviceFeePiastres}
              methods={details.data.methods}
              codeWaiting={status.data.state === 'checking' && !!status.data.payment?.referenceNumber}
            />
          )}
        </>
      )}
    </section>
  );
}

function Choose({
  serviceSlug,
  entryId,
  serviceFee,
  methods,
  codeWaiting,
}: {
  serviceSlug: string;
  entryId: string;
  serviceFee: number;
  methods: {
    gatewayId: NonNullable<Means['gatewayId']>;
    channel: Means['channel'];
    gatewayFeePiastres: number;
    totalPiastres: number;
  }[];
  codeWaiting: boolean;
}) {
  const { i18n } = useLingui();
  const pay = usePayFee(serviceSlug, entryId);
  const [means, setMeans] = useState<Means>({ channel: 'card' });
  const attempt = useRef<{ means: string; key: string } | null>(null);
  const chosen = methods.find((m) => meansKey(m) === meansKey(means)) ?? methods[0];
  if (!chosen) return null;
  const submit = () => {
    const k = meansKey(chosen);
    if (attempt.current?.means !== k) attempt.current = { means: k, key: crypto.randomUUID() };
    pay.mutate(
      { means: { gatewayId: chosen.gatewayId, channel: chosen.channel }, idempotencyKey: attempt.current.key },
      {
        onSuccess: (r) => {
          rememberStarted(r.payment.id);
          if (r.next.kind === 'redirect') window.location.assign(r.next.url);
        },
      },
    );
  };
  return (
    <>
      {codeWaiting && (
        <p className="rounded-xl border border-line bg-card p-4">
          <Trans>A payment code is waiting to be paid. If you pay by card instead, the code is cancelled.</Trans>
        </p>
      )}
      <MethodPicker
        methods={methods.map((m) => ({ gatewayId: m.gatewayId, channel: m.channel }))}
        value={chosen}
        onChange={setMeans}
      />
      <Amounts serviceFee={serviceFee} gatewayFee={chosen.gatewayFeePiastres} total={chosen.totalPiastres} />
      {pay.isError && <ErrorSummary messages={errorMessages(i18n, pay.error)} />}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={submit} disabled={pay.isPending}>
          {chosen.channel === 'code' ? <Trans>Get a payment code</Trans> : <Trans>Go to the payment page</Trans>}
        </button>
        <Link to="/services/$serviceSlug/entries/$entryId" params={{ serviceSlug, entryId }} className="btn-outline">
          <Trans>Back to the request</Trans>
        </Link>
      </div>
    </>
  );
}
