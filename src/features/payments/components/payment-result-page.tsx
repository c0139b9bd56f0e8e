import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { BILLS_PAY, PAYBILLS, lastStarted, usePayment, useRefreshPayment } from '../api.ts';
import { PaymentState, ReceiptLink, viewOf } from './parts.tsx';

/**
 * /pay/PAYBILLS/bills?paymentId=…: where the gateway sends the browser back, and where a payment code is followed (spec
 * section 2 "Payment status screen"). The return itself changes nothing: the screen shows what the server knows
 * from the gateway's signed callback, and asks the gateway while the payment is still checking.
 */
export function PaymentResultPage({ paymentId }: { paymentId?: string | undefined }) {
  const id = paymentId ?? lastStarted() ?? '';
  return (
    <section aria-labelledby="result-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 id="result-title" className="text-2xl font-bold">
        <Trans>Payment status</Trans>
      </h1>
      {id ? <Result id={id} /> : <ErrorPanel error={{ code: 'MODEL_NOT_FOUND' }} hideRetry />}
    </section>
  );
}

function Result({ id }: { id: string }) {
  const payment = usePayment(id);
  const refresh = useRefreshPayment(id);
  if (payment.isPending) return <RowsSkeleton />;
  if (payment.isError) return <ErrorPanel error={payment.error} onRetry={() => void payment.refetch()} />;
  const p = payment.data;
  const again =
    p.purpose === 'fee' && p.serviceSlug && p.requestId ? (
      <Link to="/pay/$serviceSlug/$entryId" params={{ serviceSlug: p.serviceSlug, entryId: p.requestId }} className="btn-primary">
        <Trans>Try again</Trans>
      </Link>
    ) : (
      <Link {...BILLS_PAY} search={{ ids: p.billIds.join(',') }} className="btn-primary">
        <Trans>Try again</Trans>
      </Link>
    );
  return (
    <>
      <PaymentState payment={p} onRefresh={() => refresh.mutate()} refreshing={refresh.isPending} retry={again} />
      {viewOf(p) === 'paid' && p.receiptId && <ReceiptLink receiptId={p.receiptId} />}
      {viewOf(p) === 'paid' && (
        <div className="flex flex-wrap gap-3">
          <Link to="/papers" className="btn-outline">
            <Trans>My papers (the receipt)</Trans>
          </Link>
          {p.purpose === 'fee' && p.serviceSlug && p.requestId ? (
            <Link
              to="/services/$serviceSlug/entries/$entryId"
              params={{ serviceSlug: p.serviceSlug, entryId: p.requestId }}
              className="btn-outline"
            >
              <Trans>Back to the request</Trans>
            </Link>
          ) : (
            <Link to="/services/$serviceSlug/add" params={{ serviceSlug: PAYBILLS }} className="btn-outline">
              <Trans>Back to my bills</Trans>
            </Link>
          )}
        </div>
      )}
    </>
  );
}
