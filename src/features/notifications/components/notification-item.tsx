import { Trans, useLingui } from '@lingui/react/macro';
import { Link, linkOptions } from '@tanstack/react-router';
import type { TLang } from '../../../../contract/common.ts';
import type { TNotification } from '../../../../contract/requests.ts';

import { RequestNumber } from '../../../components/request-number.tsx';
import { formatDate, formatMoney } from '../../../lib/text/format.ts';

/** Where a notification leads: its request's page, when it is about one. */
export function notificationTarget(n: TNotification) {
  const { serviceSlug, requestId } = n.data;
  if (n.type === 'meter-decided') return linkOptions({ to: '/profile/meters' });
  if (n.type === 'payment-refunded' && !requestId) return linkOptions({ to: '/papers' });
  return serviceSlug && requestId
    ? linkOptions({ to: '/services/$serviceSlug/entries/$entryId', params: { serviceSlug, entryId: requestId } })
    : undefined;
}

/** A notification's text, written from its type and data in the reader's language (spec section 3 "Notification"). */
export function NotificationText({ n }: { n: TNotification }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const d = n.data;
  const number = <RequestNumber value={d.requestNumber ?? ''} />;
  const service = d.serviceLabel?.[lang] ?? d.serviceSlug ?? '';
  const status = d.statusLabel?.[lang] ?? d.status ?? '';
  const name = d.name ?? '';
  switch (n.type) {
    case 'request-submitted':
      return (
        <Trans>
          Your request {number} for {service} has been submitted.
        </Trans>
      );
    case 'status-changed':
      return d.note ? (
        <>
          <Trans>
            The status of your request {number} changed to {status}.
          </Trans>{' '}
          <span className="block font-normal">
            <Trans>What is needed:</Trans> <bdi>{d.note}</bdi>
          </span>
        </>
      ) : (
        <Trans>
          The status of your request {number} changed to {status}.
        </Trans>
      );
    case 'staff-comment':
      return (
        <>
          <Trans>The employee wrote on your request {number}:</Trans>{' '}
          <span className="block font-normal">
            <bdi>{d.note ?? ''}</bdi>
          </span>
        </>
      );
    case 'quality-reply':
      return (
        <>
          <Trans>The service quality team wrote about your request {number}:</Trans>{' '}
          <span className="block font-normal">
            <bdi>{d.note ?? ''}</bdi>
          </span>
        </>
      );
    case 'citizen-replied':
      switch (d.reply) {
        case 'completed':
          return <Trans>The citizen completed the information needed on request {number}.</Trans>;
        case 'paid':
          return <Trans>The citizen paid the fee of request {number}.</Trans>;
        case 'rated':
          return <Trans>The citizen rated request {number}.</Trans>;
        default:
          return <Trans>The citizen commented on request {number}.</Trans>;
      }
    case 'fee-set': {
      const total = formatMoney(lang, d.total ?? 0);
      return (
        <Trans>
          The fee of your request {number} is set: {total}. You can pay it now.
        </Trans>
      );
    }
    case 'payment-refunded': {
      const total = formatMoney(lang, d.total ?? 0);
      return <Trans>Your payment of {total} was refunded. Its receipt is withdrawn and a credit note is in your papers.</Trans>;
    }
    case 'payment-code': {
      const code = <bdi dir="ltr">{d.code ?? ''}</bdi>;
      return (
        <Trans>
          Pay the fee of your request {number} with the code {code}.
        </Trans>
      );
    }
    case 'welcome':
      return name ? (
        <Trans>Welcome to Kahraba, {name}! Your account is ready.</Trans>
      ) : (
        <Trans>Welcome to Kahraba! Your account is ready.</Trans>
      );
    case 'forgot-password':
      return <Trans>A password reset was requested for your account. If it was not you, change your password.</Trans>;
    case 'password-changed':
      return <Trans>Your password has been changed.</Trans>;
    case 'meter-decided': {
      const meter = <bdi dir="ltr">{d.meterNumber ?? ''}</bdi>;
      const reason = d.reason ?? '';
      if (d.status === 'approved') return <Trans>Your meter {meter} was approved. You can now register its readings.</Trans>;
      if (d.status === 'rejected')
        return (
          <Trans>
            Your meter {meter} was rejected: {reason}
          </Trans>
        );
      return (
        <Trans>
          Your meter {meter} was deleted by the platform: {reason}
        </Trans>
      );
    }
    case 'payment-succeeded':
      return <Trans>The fee of your request {number} has been paid.</Trans>;
    case 'payment-failed':
      return <Trans>The payment for your request {number} did not go through. You can try again.</Trans>;
    case 'bills-paid':
      return <Trans>Your bills have been paid.</Trans>;
  }
}

/** One notification in a list: its text, its date, unread marked; a link to its request when it is about one. */
export function NotificationItem({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const target = notificationTarget(n);
  const body = (
    <>
      <span className="flex items-start gap-2">
        {!n.isRead && <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand" />}
        <span className={n.isRead ? '' : 'font-semibold'}>
          <NotificationText n={n} />
          {!n.isRead && (
            <span className="sr-only">
              {' '}
              <Trans>(unread)</Trans>
            </span>
          )}
        </span>
      </span>
      <span className="mt-1 block text-sm text-ink-muted">
        <time dateTime={n.createdAt}>{formatDate(lang, n.createdAt)}</time>
      </span>
    </>
  );
  return target ? (
    <Link
      {...target}
      className="block min-h-11 rounded-lg p-3 text-start hover:bg-surface"
      data-testid="notification"
      data-type={n.type}
      onClick={() => onOpen(n)}
    >
      {body}
    </Link>
  ) : (
    <div className="block rounded-lg p-3" data-testid="notification" data-type={n.type}>
      {body}
    </div>
  );
}
