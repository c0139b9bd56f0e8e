import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TServicePartial } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { TRequestStatus } from '../../../../contract/requests.ts';
import { AWAITING_PAYMENT, waitsForFee } from '../../../../contract/workflow.ts';
import { formatMoney } from '../../../lib/text/format.ts';

/*
 * A request that waits for its fee (decision 049): the citizen reads "Awaiting payment" as its status, and "pay
 * next" with a clear primary "Pay the fee", on the filing success card and on the request page. A paid-in-advance
 * service (CODEMETER) files its requests as `new`, and the gateway's move takes them through `awaiting_payment`
 * when paid (decision 027): the stored status stays the workflow's, this says what it means for the citizen.
 */

type Service = Pick<TServicePartial, 'workflow' | 'businessAttributes'> | undefined;

/** Whether the citizen's next step on this request is paying its fee. */
export const feeIsNext = (service: Service, status: string): boolean =>
  !!service?.workflow && waitsForFee({ workflow: service.workflow }, status);

/** The status the citizen is shown: "Awaiting payment" while the fee is the next step, else the request's own. */
export function shownStatus(service: Service, status: TRequestStatus): TRequestStatus {
  if (status.id === AWAITING_PAYMENT || !feeIsNext(service, status.id)) return status;
  const awaiting = service?.workflow?.statuses.find((s) => s.id === AWAITING_PAYMENT);
  return awaiting
    ? { id: AWAITING_PAYMENT, label: awaiting.label, final: false, activityId: awaiting.activityId ?? 'pay' }
    : status;
}

/** The fee in pounds: the one staff set on the request, else the service's cost. */
function feeOf(service: Service, paymentTotal: number | null): number | null {
  if (paymentTotal !== null && paymentTotal > 0) return paymentTotal;
  const cost = service?.businessAttributes?.cost;
  return cost?.kind === 'paid' && typeof cost.amount === 'number' && cost.amount > 0 ? cost.amount : null;
}

/**
 * "Pay next": the fee, what paying it does, and the primary action to pay it (the payment screen,
 * `/pay/{serviceSlug}/{entryId}`). `compact` on the success card, a panel of its own on the request page.
 */
export function FeeNext({
  service,
  serviceSlug,
  requestId,
  paymentTotal,
  testId,
}: {
  service: Service;
  serviceSlug: string;
  requestId: string;
  paymentTotal: number | null;
  testId?: string;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const fee = feeOf(service, paymentTotal);
  const amount = fee === null ? '' : formatMoney(lang, fee);
  return (
    <section
      aria-labelledby={`fee-next-${requestId}`}
      className="flex flex-col gap-3 rounded-xl border-2 border-brand bg-card p-4"
      data-testid={testId ?? 'fee-next'}
    >
      <h2 id={`fee-next-${requestId}`} className="text-lg font-semibold">
        <Trans>Next: pay the service fee</Trans>
      </h2>
      <p>
        {fee === null ? (
          <Trans>This request waits for its service fee. It is reviewed once the fee is paid.</Trans>
        ) : (
          <Trans>
            This request waits for its service fee of <bdi className="font-semibold">{amount}</bdi>. It is reviewed once the fee
            is paid.
          </Trans>
        )}
      </p>
      <p className="text-sm text-ink-muted">
        <Trans>Pay by bank card now, or get a payment code to pay at a Fawry outlet.</Trans>
      </p>
      <div>
        <Link
          to="/pay/$serviceSlug/$entryId"
          params={{ serviceSlug, entryId: requestId }}
          className="btn-primary"
          data-testid="request-pay"
        >
          <Trans>Pay the fee</Trans>
        </Link>
      </div>
    </section>
  );
}
