import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TSubmitResult } from '../../../../contract/requests.ts';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import type { TServicePartial } from '../../../../contract/catalog.ts';
import { APP_KIND } from '../../../lib/constants.ts';
import { FeeNext, feeIsNext, shownStatus } from './fee-due.tsx';
import { RequestNumber } from './view-status.tsx';

/**
 * After a request was accepted: its number (data, isolated left to right), its status, and the way to it. Filed
 * on a citizen's behalf (`forCitizen`, the staff and agent builds), it speaks of that citizen's request.
 */
export function AddConfirmation({
  result,
  visitor,
  service,
  forCitizen,
}: {
  result: TSubmitResult;
  visitor: boolean;
  /** The service filed for: whether its fee is the next step (decision 049). */
  service?: Pick<TServicePartial, 'workflow' | 'businessAttributes'>;
  forCitizen?: string | undefined;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const payNext = feeIsNext(service, result.status.id);
  return (
    <section aria-labelledby="request-sent" className="rounded-xl border border-line bg-card p-6" data-testid="request-sent">
      <h2 id="request-sent" ref={ref} tabIndex={-1} className="text-xl font-bold text-success-ink focus:outline-none">
        {forCitizen ? (
          <Trans>
            The request for <bdi>{forCitizen}</bdi> has been sent
          </Trans>
        ) : (
          <Trans>Your request has been sent</Trans>
        )}
      </h2>
      <LabelValueList layout="tiles" className="mt-4 sm:grid-cols-2">
        <LabelValue label={<Trans>Request number</Trans>}>
          <RequestNumber value={result.ID} className="text-lg" />
        </LabelValue>
        <LabelValue label={<Trans>Status</Trans>}>
          <span data-testid="request-sent-status">{shownStatus(service, result.status).label[lang]}</span>
        </LabelValue>
      </LabelValueList>
      {payNext && (
        <div className="mt-4">
          <FeeNext service={service} serviceSlug={result.serviceSlug} requestId={result.id} paymentTotal={result.paymentTotal} />
        </div>
      )}
      {visitor && (
        <p className="mt-4">
          <Trans>Keep this number. This device remembers the request, so you can follow it here without an account.</Trans>
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/services/$serviceSlug/entries/$entryId"
          params={{ serviceSlug: result.serviceSlug, entryId: result.id }}
          className={payNext ? 'btn-outline' : 'btn-primary'}
        >
          <Trans>View the request</Trans>
        </Link>
        {!visitor && (
          <Link to="/inbox" className="btn-outline">
            {forCitizen ? (
              APP_KIND === 'agent' ? (
                <Trans>The citizen's requests</Trans>
              ) : (
                <Trans>Inbox</Trans>
              )
            ) : (
              <Trans>My requests</Trans>
            )}
          </Link>
        )}
      </div>
    </section>
  );
}

/** Offline (or the server unwell): the request is a paused write, kept on the device, not an error. */
export function AddWaiting({ serviceSlug }: { serviceSlug: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      aria-labelledby="request-waiting"
      className="rounded-xl border border-line bg-card p-6"
      data-testid="request-waiting"
    >
      <h2 id="request-waiting" ref={ref} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        <Trans>Saved, will be sent when you are online</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Your request is kept on this device and is sent by itself as soon as the connection returns. You will then get its
          number. You can close this page.
        </Trans>
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/services/$serviceSlug" params={{ serviceSlug }} className="btn-outline">
          <Trans>Back to the service</Trans>
        </Link>
      </div>
    </section>
  );
}
