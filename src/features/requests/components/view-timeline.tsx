import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TTimelineEvent } from '../../../../contract/requests.ts';
import { formatDateTime, formatMoney } from '../../../lib/text/format.ts';

/**
 * Who reads the request: its owner (the citizen is "you"), or staff (decision 050: the citizen is named, else
 * "the citizen").
 */
export type RequestViewer = { kind: 'owner' } | { kind: 'staff'; citizenName: string | null };
const OWNER: RequestViewer = { kind: 'owner' };

/** Who did it: the citizen (you, or by name for staff), an employee by first name, or the system. */
export function Actor({ by, viewer = OWNER }: { by: TTimelineEvent['by']; viewer?: RequestViewer }) {
  if (by.kind === 'citizen') {
    if (viewer.kind === 'owner') return <Trans>You</Trans>;
    const name = viewer.citizenName ?? by.name;
    return name ? <bdi>{name}</bdi> : <Trans>The citizen</Trans>;
  }
  if (by.kind === 'system') return <Trans>The system</Trans>;
  return by.name ? <bdi>{by.name}</bdi> : <Trans>An employee</Trans>;
}

function EventText({ e, lang }: { e: TTimelineEvent; lang: TLang }) {
  const from = e.from?.label[lang] ?? '';
  const to = e.to?.label[lang] ?? '';
  const assignee = e.assignee ?? '';
  const activity = e.activityLabel?.[lang] ?? e.activityId ?? '';
  const total = e.total !== undefined ? formatMoney(lang, e.total) : '';
  const tx = e.transactionId ?? '';
  const data = (v: string): ReactNode => <bdi dir="ltr">{v}</bdi>;
  switch (e.kind) {
    case 'created':
      return <Trans>Request submitted</Trans>;
    case 'assigned':
      return assignee ? <Trans>Assigned to {assignee}</Trans> : <Trans>Assigned to an employee</Trans>;
    case 'unassigned':
      return <Trans>Assignment removed</Trans>;
    case 'bulk-assigned': {
      const company = e.company?.[lang] ?? assignee;
      return company ? <Trans>Assigned with other requests to {company}</Trans> : <Trans>Assigned with other requests</Trans>;
    }
    case 'status':
      return (
        <Trans>
          Status changed from <strong>{from}</strong> to <strong>{to}</strong>
        </Trans>
      );
    case 'payment-started':
      return total ? <Trans>Payment of {total} started</Trans> : <Trans>Payment started</Trans>;
    case 'payment-succeeded':
      return (
        <>
          {total ? <Trans>Payment of {total} succeeded</Trans> : <Trans>Payment succeeded</Trans>}
          {tx && (
            <span className="block text-sm text-ink-muted">
              <Trans>Transaction</Trans> {data(tx)}
            </span>
          )}
        </>
      );
    case 'payment-failed':
      return (
        <>
          {total ? <Trans>Payment of {total} failed</Trans> : <Trans>Payment failed</Trans>}
          {tx && (
            <span className="block text-sm text-ink-muted">
              <Trans>Transaction</Trans> {data(tx)}
            </span>
          )}
        </>
      );
    case 'fee-set':
      return <Trans>Fee set: {total}</Trans>;
    case 'payment-refunded':
      return total ? <Trans>Payment of {total} refunded</Trans> : <Trans>Payment refunded</Trans>;
    case 'escalated':
      return e.escalated === false ? <Trans>Escalation removed</Trans> : <Trans>Request escalated</Trans>;
    case 'activity':
      return <Trans>{activity} done</Trans>;
    case 'comment':
      return <Trans>Comment added</Trans>;
    case 'cancelled':
      return <Trans>Request cancelled</Trans>;
    case 'rated':
      return <Trans>Service rated</Trans>;
  }
}

/** The request's timeline (spec section 3 "Timeline events"), oldest first, each with who and when. */
export function Timeline({ events, viewer = OWNER }: { events: readonly TTimelineEvent[]; viewer?: RequestViewer }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  return (
    <ol className="relative flex flex-col gap-4 border-s-2 border-line ps-5" data-testid="timeline">
      {events.map((e) => (
        <li key={e.id} className="relative" data-kind={e.kind}>
          <span
            aria-hidden="true"
            className="absolute -start-[1.72rem] top-1.5 size-3 rounded-full border-2 border-card bg-brand"
          />
          <p>
            <EventText e={e} lang={lang} />
          </p>
          <p className="text-sm text-ink-muted">
            <Actor by={e.by} viewer={viewer} /> · <time dateTime={e.at}>{formatDateTime(lang, e.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
