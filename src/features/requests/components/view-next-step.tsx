import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TServicePartial } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { TRequestDetail } from '../../../../contract/requests.ts';
import { formatDate } from '../../../lib/text/format.ts';

/**
 * What the citizen must do next, first on the request's page (issue 23, decision 051): provide the information the
 * employee asked for, with the employee's note beside it; or rate the finished service. The fee's
 * "pay next" is its own panel beside this one (`FeeNext`, decision 049). Nothing to do: nothing drawn.
 */
export function NextStep({ request: r, service }: { request: TRequestDetail; service: TServicePartial | undefined }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const pending = r.status.activityId;
  // Rating is once per request: after it, the status still names the activity but there is nothing to do.
  const activityOpen = pending !== null && pending !== 'pay' && !(pending === 'rate' && r.rating !== null);
  if (!activityOpen) return null;
  const pendingActivity = service?.activities?.find((a) => a.activityId === pending);
  // The employee's latest word to the citizen: what they asked for with the move, or said since.
  const note =
    activityOpen && pending !== 'rate' ? [...r.comments].reverse().find((c) => c.by.kind === 'staff' && !c.internal) : undefined;
  return (
    <section aria-labelledby="next-step-title" className="rounded-xl border-2 border-brand bg-card p-4" data-testid="next-step">
      <h2 id="next-step-title" className="text-lg font-bold">
        <Trans>What you need to do</Trans>
      </h2>
      <div className="mt-3 flex flex-col gap-4 md:flex-row md:items-start">
        <div className="flex flex-col gap-3 md:flex-1">
          {activityOpen && pending && (
            <>
              <p>
                {pending === 'rate' ? (
                  <Trans>Your request is finished. Tell us how the service went.</Trans>
                ) : (
                  <Trans>The employee needs more information before your request can go on.</Trans>
                )}
              </p>
              <div>
                <Link
                  to="/services/$serviceSlug/entries/$entryId/$activityId"
                  params={{ serviceSlug: r.serviceSlug, entryId: r.id, activityId: pending }}
                  className="btn-primary"
                  data-testid="request-activity"
                >
                  {pending === 'rate' ? (
                    <Trans>Rate the service</Trans>
                  ) : pending === r.activityId || !pendingActivity ? (
                    // The status asks for the filing activity again: complete or correct the data.
                    <Trans>Provide the information</Trans>
                  ) : (
                    pendingActivity.label[lang]
                  )}
                </Link>
              </div>
            </>
          )}
        </div>
        {note && (
          <figure className="rounded-lg border border-line bg-surface p-3 md:w-1/2" data-testid="next-step-note">
            <figcaption className="text-sm font-semibold text-ink-muted">
              <Trans>The employee&apos;s note</Trans>
              {' · '}
              <time dateTime={note.at}>{formatDate(lang, note.at)}</time>
            </figcaption>
            <blockquote className="mt-1 break-words whitespace-pre-line" dir="auto">
              {note.body}
            </blockquote>
          </figure>
        )}
      </div>
    </section>
  );
}
