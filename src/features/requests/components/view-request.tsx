import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TServicePartial } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { TRequestDetail } from '../../../../contract/requests.ts';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { formatDate } from '../../../lib/text/format.ts';
import { stageDueDate } from '../format.ts';
import { Comments } from './view-comments.tsx';
import { SubmittedData, filesInData } from './view-data.tsx';
import { FileLink, Printings } from './view-files.tsx';
import { RequestNumber, StatusBadge } from './view-status.tsx';
import { Timeline, type RequestViewer } from './view-timeline.tsx';
import { CancelButton } from './view-cancel.tsx';
import { FeeNext, feeIsNext, shownStatus } from './fee-due.tsx';
import { NextStep } from './view-next-step.tsx';
import { useFiledForms } from '../use-filed-forms.ts';

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-card p-4">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The view-request page (spec section 2 "View request"): service, number, created date, status and stage, the
 * submitted data as the form drew it, attachments, printings, timeline and comments; cancel while not final; first,
 * what the citizen must do next (`NextStep`: complete the data with the employee's note beside it, rate; `FeeNext`:
 * pay the fee).
 */
export function ViewRequest({
  request,
  service,
  staff,
  viewer,
}: {
  request: TRequestDetail;
  service: TServicePartial | undefined;
  /**
   * The employee build: their own panel acts on the request, not the citizen's buttons; on a wide screen it stands
   * beside the data with the timeline and comments (decision 050).
   */
  staff?: ReactNode;
  /** Who reads it: staff see the citizen named, the rating itself, and no owner's wording. */
  viewer?: RequestViewer;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const r = request;
  // The data as the form of the version it was filed with drew it (issue 26).
  const activities = useFiledForms(service, r.serviceVersion).service?.activities ?? [];
  const created = activities.find((a) => a.activityId === r.activityId);
  const serviceLabel = service?.translations?.[lang]?.serviceLabel ?? r.serviceLabel[lang];

  const header = (
    <header className="flex flex-col gap-3">
      <p className="text-ink-muted">
        <Link to="/services/$serviceSlug" params={{ serviceSlug: r.serviceSlug }} className="underline">
          {serviceLabel}
        </Link>
      </p>
      <h1 className="text-2xl font-bold" data-tour="request-number">
        <Trans>Request</Trans> <RequestNumber value={r.ID} className="text-xl break-all sm:text-2xl" />
      </h1>
      {!staff && <NextStep request={r} service={service} />}
      {!staff && feeIsNext(service, r.status.id) && (
        // The fee is paid on the payment screen (spec section 2 `/pay/{serviceSlug}/{entryId}`; decision 049).
        <FeeNext service={service} serviceSlug={r.serviceSlug} requestId={r.id} paymentTotal={r.paymentTotal} />
      )}
      <div className="rounded-xl border border-line bg-card p-4">
        <LabelValueList layout="tiles" className="sm:grid-cols-2 lg:grid-cols-4" tour="request-status">
          <LabelValue label={<Trans>Status</Trans>}>
            <StatusBadge status={staff ? r.status : shownStatus(service, r.status)} lang={lang} />
          </LabelValue>
          <LabelValue label={<Trans>Submitted on</Trans>}>
            <time dateTime={r.createdAt}>{formatDate(lang, r.createdAt)}</time>
          </LabelValue>
          {r.status.final && (
            <LabelValue label={<Trans>Closed on</Trans>}>
              <time dateTime={r.statusUpdatedAt}>{formatDate(lang, r.statusUpdatedAt)}</time>
            </LabelValue>
          )}
          {r.stage && !r.status.final && (
            <LabelValue label={<Trans>Stage</Trans>}>
              <span>{r.stage.label[lang]}</span>
              <span className="block text-sm font-normal text-ink-muted">
                {r.stage.days > 0 ? (
                  <MetaLine>
                    <Plural value={r.stage.days} one="Expected within # day" other="Expected within # days" />
                    <time dateTime={stageDueDate(r.stage.startedAt, r.stage.days).toISOString()}>
                      {formatDate(lang, stageDueDate(r.stage.startedAt, r.stage.days))}
                    </time>
                  </MetaLine>
                ) : (
                  <Trans>Expected the same day</Trans>
                )}
              </span>
            </LabelValue>
          )}
          <LabelValue label={<Trans>Last update</Trans>}>
            <time dateTime={r.statusUpdatedAt}>{formatDate(lang, r.statusUpdatedAt)}</time>
          </LabelValue>
        </LabelValueList>
      </div>
      <div className="flex flex-wrap gap-2">{!staff && r.cancellable && !r.status.final && <CancelButton request={r} />}</div>
      {r.rating && !staff && (
        <p className="rounded-lg bg-success-bg p-3 text-success-ink">
          <Trans>Thank you for rating this service.</Trans>
        </p>
      )}
    </header>
  );
  const inData = new Set([
    ...filesInData(created, r.data, r.attachments, lang),
    ...r.activities.flatMap((a) => [
      ...filesInData(
        activities.find((x) => x.activityId === a.activityId),
        a.data,
        r.attachments,
        lang,
      ),
    ]),
  ]);
  const loose = r.attachments.filter((a) => !inData.has(a.id));
  const data = (
    <>
      <Section id="details-title" title={<Trans>Request details</Trans>}>
        <SubmittedData activity={created} data={r.data} attachments={r.attachments} requestId={r.id} />
        {r.activities.map((a, i) => (
          <div key={`${a.activityId}-${i}`} className="mt-4">
            <h3 className="mb-2 font-semibold">
              {activities.find((x) => x.activityId === a.activityId)?.label[lang] ?? a.activityId}
            </h3>
            <SubmittedData
              activity={activities.find((x) => x.activityId === a.activityId)}
              data={a.data}
              attachments={r.attachments}
              requestId={r.id}
            />
          </div>
        ))}
      </Section>

      {/* A file a field of the data shows is listed there, once: this section has the others (issue 23). */}
      {(r.attachments.length === 0 || loose.length > 0) && (
        <Section id="attachments-title" title={<Trans>Attachments</Trans>}>
          {r.attachments.length === 0 ? (
            <p className="text-ink-muted">
              <Trans>No attachments.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-1">
              {loose.map((a) => (
                <li key={a.id}>
                  <FileLink kind="attachment" id={a.id} name={a.name} size={a.size} requestId={r.id} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      <Section id="printings-title" title={<Trans>Printings</Trans>}>
        <Printings documents={r.documents ?? []} requestId={r.id} />
      </Section>
    </>
  );
  const work = (
    <>
      <Section id="timeline-title" title={<Trans>Timeline</Trans>}>
        <Timeline events={r.timeline} {...(viewer ? { viewer } : {})} />
      </Section>

      <Section id="comments-title" title={<Trans>Comments</Trans>}>
        <Comments request={r} readOnly={staff !== undefined} {...(viewer ? { viewer } : {})} />
      </Section>
    </>
  );

  if (staff)
    return (
      <article className="flex flex-col gap-5" data-testid="view-request">
        {header}
        {/* Upright: the panel, the data, then the timeline and comments. Turned (lg): the data on one side, the
            panel with the timeline and comments under it on the other. */}
        <div className="grid gap-5 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:items-start">
          <div className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-start-1">
            {staff}
            {r.rating && <RatingShown rating={r.rating} service={service} />}
          </div>
          <div className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">{data}</div>
          <div className="flex min-w-0 flex-col gap-5 lg:col-start-2 lg:row-start-2">{work}</div>
        </div>
      </article>
    );
  return (
    <article className="flex flex-col gap-5" data-testid="view-request">
      {header}
      {data}
      {work}
    </article>
  );
}

/** The citizen's rating as staff read it (spec section 3 "Rating"): the answer in the form's words, and the comment. */
function RatingShown({
  rating,
  service,
}: {
  rating: NonNullable<TRequestDetail['rating']>;
  service: TServicePartial | undefined;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const field = service?.activities
    ?.find((a) => a.activityId === 'rate')
    ?.steps.flatMap((st) => Object.values(st.fieldsSchema))
    .find((f) => f.type === 'rating');
  const answer = field?.uniforms?.options?.find((o) => o.value === String(rating.answer))?.label[lang];
  return (
    <Section id="rating-title" title={<Trans>The citizen's rating</Trans>}>
      <LabelValueList layout="rows">
        <LabelValue label={<Trans>Answer</Trans>}>
          {answer ?? <Plural value={rating.answer} one="# of 3" other="# of 3" />}
        </LabelValue>
        <LabelValue label={<Trans>Comment</Trans>}>
          {rating.comment ? <bdi dir="auto">{rating.comment}</bdi> : <Trans>No comment.</Trans>}
        </LabelValue>
        <LabelValue label={<Trans>Rated on</Trans>}>
          <time dateTime={rating.createdAt}>{formatDate(lang, rating.createdAt)}</time>
        </LabelValue>
      </LabelValueList>
    </Section>
  );
}
