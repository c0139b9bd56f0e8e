import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { RequestNumber } from './view-status.tsx';

/** "Back to the request": the way out of an activity page. */
export function BackToRequest({ serviceSlug, entryId }: { serviceSlug: string; entryId: string }) {
  return (
    <Link to="/services/$serviceSlug/entries/$entryId" params={{ serviceSlug, entryId }} className="btn-outline">
      <Trans>Back to the request</Trans>
    </Link>
  );
}

/** An activity page's frame: the service's picture, its name and the request's number, the activity's name. */
export function ActivityFrame({
  service,
  requestNumber,
  activityId,
  children,
}: {
  service: TService;
  requestNumber: string;
  activityId: string;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const activity = service.activities.find((a) => a.activityId === activityId);
  return (
    <article className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <img src={service.logo ?? '/icons/logo.svg'} alt="" width="56" height="56" className="size-14 rounded-lg bg-card" />
        <div>
          <p className="text-sm text-ink-muted">
            {service.translations[lang].serviceLabel} · <RequestNumber value={requestNumber} />
          </p>
          <h1 className="text-2xl font-bold">{activity?.label[lang] ?? activityId}</h1>
        </div>
      </header>
      {children}
    </article>
  );
}

/** What an activity page says instead of its form: sent, kept to send later, or not asked of the citizen now. */
export function ActivityOutcome({ done, back }: { done: 'sent' | 'waiting' | 'notAsked'; back: ReactNode }) {
  return done === 'notAsked' ? (
    <section role="status" className="rounded-xl border border-line bg-card p-6">
      <p>
        <Trans>This request does not ask for this from you now.</Trans>
      </p>
      <div className="mt-4">{back}</div>
    </section>
  ) : (
    <section role="status" className="rounded-xl border border-line bg-card p-6" data-testid={`activity-${done}`}>
      <h2 className="text-xl font-bold">
        {done === 'sent' ? <Trans>Sent. Thank you.</Trans> : <Trans>Saved, will be sent when you are online</Trans>}
      </h2>
      <div className="mt-4">{back}</div>
    </section>
  );
}
