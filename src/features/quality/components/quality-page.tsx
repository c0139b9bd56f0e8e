import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { cairoDate } from '../../../../contract/availability.ts';
import type { TLang } from '../../../../contract/common.ts';
import type {
  TContactMessageItem,
  TContactStatus,
  TFollowUp,
  TFollowUpStatus,
  TQualityQuery,
  TQualityRow,
} from '../../../../contract/quality.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RequestNumber } from '../../../components/request-number.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { QueryList, usePaging, type ItemOf, type ListAnswer, type ListQuery } from '../../../components/ui/query-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Tabs, type TabSpec } from '../../../components/ui/tabs.tsx';
import { formatDate, formatNumber } from '../../../lib/text/format.ts';
import {
  QUALITY_PAGE,
  useColleagues,
  useComments,
  useContactAssign,
  useContactClose,
  useContactMessages,
  useContactReply,
  useFollowUpReply,
  useFollowUpStatus,
  useFollowUps,
  useQualitySummary,
} from '../api.ts';

/**
 * Service quality (issue 26 part 1, decision 066; MANAGE_SERVICE_QUALITY, employee build): the follow-ups of low
 * or commented ratings, the contact-form messages, the ratings' figures and the SLA breaches, and the comments.
 */
export function QualityPage() {
  const { t } = useLingui();
  const tabs: TabSpec[] = [
    { id: 'follow-ups', label: t`Follow-ups`, panel: <FollowUpsPanel /> },
    { id: 'contact', label: t`Contact messages`, panel: <ContactPanel /> },
    { id: 'ratings', label: t`Ratings`, panel: <SummaryPanel kind="ratings" /> },
    { id: 'breaches', label: t`SLA breaches`, panel: <SummaryPanel kind="breaches" /> },
    { id: 'comments', label: t`Comments`, panel: <CommentsPanel /> },
  ];
  return (
    <section aria-labelledby="quality-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 id="quality-title" className="text-2xl font-bold">
        <Trans>Service quality</Trans>
      </h1>
      <Tabs tabs={tabs} />
    </section>
  );
}

/* ------------------------------------------------ shared ------------------------------------------------ */

function useAnswerLabel() {
  const { t } = useLingui();
  return (answer: number) =>
    answer === 3 ? t`Completed easily` : answer === 2 ? t`Completed with some difficulty` : t`Could not complete`;
}

/**
 * A list of work filtered by its status (follow-ups, contact messages), paged: the status filter, then the cards.
 * `useList` reads a page of the chosen status.
 */
function StatusList<S extends string, D extends ListAnswer>({
  statuses,
  statusLabel,
  useList,
  empty,
  pagerLabel,
  children,
}: {
  statuses: readonly S[];
  statusLabel: (s: S) => string;
  useList: (status: S | undefined, skip: number) => ListQuery<D>;
  empty: ReactNode;
  pagerLabel: string;
  children: (item: ItemOf<D>) => ReactNode;
}) {
  const id = useId();
  const [status, setStatus] = useState<S | undefined>();
  const paging = usePaging(QUALITY_PAGE);
  const list = useList(status, paging.skip);
  return (
    <div className="flex flex-col gap-3">
      <Field id={id} label={<Trans>Status</Trans>}>
        <select
          className="input w-auto"
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || undefined) as S | undefined);
            paging.setPage(1);
          }}
        >
          <option value="">
            <Trans>All</Trans>
          </option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </Field>
      <QueryList query={list} empty={empty} className="grid gap-3 lg:grid-cols-2" paging={{ ...paging, label: pagerLabel }}>
        {children}
      </QueryList>
    </div>
  );
}

/** A card of the desk's work: its facts, then what can be done with it. */
function WorkCard({ testId, data, children }: { testId: string; data: Record<`data-${string}`, string>; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-line bg-card p-4" data-testid={testId} {...data}>
      {children}
    </li>
  );
}

/** When the work is due, and whether it is past its time limit. */
function DueBy({ at, overdue }: { at: string; overdue: boolean }) {
  const { i18n } = useLingui();
  return (
    <LabelValue label={<Trans>Due by</Trans>}>
      {formatDate(i18n.locale as TLang, at)}
      {overdue && (
        <strong className="ms-2 text-danger">
          <Trans>Past its time limit</Trans>
        </strong>
      )}
    </LabelValue>
  );
}

/** Writing to the citizen: the text (2 to 1000 characters), the send button, and the card's other actions after it. */
function ReplyForm({
  label,
  hint,
  send,
  pending,
  onSend,
  before,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  send: ReactNode;
  pending: boolean;
  /** `sent` empties the text once the reply is on its way. */
  onSend: (text: string, sent: () => void) => void;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim().length >= 2) onSend(text.trim(), () => setText(''));
      }}
    >
      {before}
      <Field id={id} label={label} hint={hint}>
        <textarea
          className="input min-h-20"
          required
          minLength={2}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          {send}
        </button>
        {children}
      </div>
    </form>
  );
}

/* ---------------------------------------------- follow-ups ---------------------------------------------- */

function useFollowUpStatusLabel() {
  const { t } = useLingui();
  return (s: TFollowUpStatus) => (s === 'open' ? t`Open` : s === 'contacted' ? t`Contacted` : t`Resolved`);
}

function FollowUpsPanel() {
  const { t } = useLingui();
  const label = useFollowUpStatusLabel();
  return (
    <StatusList
      statuses={['open', 'contacted', 'resolved'] as const}
      statusLabel={label}
      useList={useFollowUps}
      empty={<Trans>No follow-up here.</Trans>}
      pagerLabel={t`Follow-up pages`}
    >
      {(f: TFollowUp) => <FollowUpCard key={f.id} f={f} />}
    </StatusList>
  );
}

function FollowUpCard({ f }: { f: TFollowUp }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const answerLabel = useAnswerLabel();
  const statusLabel = useFollowUpStatusLabel();
  const reply = useFollowUpReply();
  const move = useFollowUpStatus();
  const service = f.serviceLabel?.[lang] ?? f.serviceSlug;
  return (
    <WorkCard testId="follow-up" data={{ 'data-request': f.requestId, 'data-status': f.status }}>
      <h2 className="text-lg font-semibold">
        <bdi>{service}</bdi> <RequestNumber value={f.requestNumber} />
      </h2>
      <LabelValueList layout="pairs" className="mt-2 text-sm">
        <LabelValue label={<Trans>Rating</Trans>}>{answerLabel(f.answer)}</LabelValue>
        <LabelValue label={<Trans>Citizen&apos;s comment</Trans>} dir="auto">
          {f.comment ?? '–'}
        </LabelValue>
        <LabelValue label={<Trans>Citizen</Trans>} dir="auto">
          {f.citizenName ?? '–'}
        </LabelValue>
        <LabelValue label={<Trans>Status</Trans>}>{statusLabel(f.status)}</LabelValue>
        <DueBy at={f.dueAt} overdue={f.overdue} />
        {f.reply && (
          <LabelValue label={<Trans>Reply sent</Trans>} dir="auto">
            {f.reply}
          </LabelValue>
        )}
      </LabelValueList>
      <ErrorNotice error={reply.error ?? move.error} className="mt-2" />
      {f.status !== 'resolved' && (
        <div className="mt-3">
          <ReplyForm
            label={<Trans>Reply to the citizen</Trans>}
            hint={<Trans>Sent in the app, by e-mail and by SMS.</Trans>}
            send={<Trans>Send the reply</Trans>}
            pending={reply.isPending}
            onSend={(message, sent) => reply.mutate({ id: f.id, message }, { onSuccess: sent })}
          >
            {f.status === 'open' && (
              <button
                type="button"
                className="btn-outline"
                disabled={move.isPending}
                onClick={() => move.mutate({ id: f.id, status: 'contacted' })}
              >
                <Trans>Mark as contacted</Trans>
              </button>
            )}
            <button
              type="button"
              className="btn-outline"
              disabled={move.isPending}
              onClick={() => move.mutate({ id: f.id, status: 'resolved' })}
            >
              <Trans>Mark as resolved</Trans>
            </button>
          </ReplyForm>
        </div>
      )}
    </WorkCard>
  );
}

/* ------------------------------------------- contact messages ------------------------------------------- */

function ContactPanel() {
  const { t } = useLingui();
  const labels: Record<TContactStatus, string> = { open: t`Open`, answered: t`Answered`, closed: t`Closed` };
  return (
    <StatusList
      statuses={['open', 'answered', 'closed'] as const}
      statusLabel={(s) => labels[s]}
      useList={useContactMessages}
      empty={<Trans>No message here.</Trans>}
      pagerLabel={t`Message pages`}
    >
      {(m: TContactMessageItem) => <ContactCard key={m.id} m={m} statusLabel={labels[m.status]} />}
    </StatusList>
  );
}

function ContactCard({ m, statusLabel }: { m: TContactMessageItem; statusLabel: string }) {
  const { t } = useLingui();
  const colleagues = useColleagues();
  const assign = useContactAssign();
  const reply = useContactReply();
  const close = useContactClose();
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const ids = { assign: useId(), channel: useId() };
  const type = m.messageType === 'complaint' ? t`Complaint` : m.messageType === 'inquiry' ? t`Inquiry` : t`Suggestion`;
  const reference = <bdi dir="ltr">{m.referenceNumber}</bdi>;
  return (
    <WorkCard testId="contact-message" data={{ 'data-reference': m.referenceNumber, 'data-status': m.status }}>
      <h2 className="text-lg font-semibold">
        <MetaLine>
          {type}
          {reference}
        </MetaLine>
      </h2>
      <LabelValueList layout="pairs" className="mt-2 text-sm">
        <LabelValue label={<Trans>From</Trans>} dir="auto">
          {m.fullName}
        </LabelValue>
        <LabelValue label={<Trans>E-mail</Trans>}>
          <bdi dir="ltr">{m.email}</bdi>
        </LabelValue>
        {m.mobile && (
          <LabelValue label={<Trans>Mobile</Trans>}>
            <bdi dir="ltr">{m.mobile}</bdi>
          </LabelValue>
        )}
        {m.requestNumber && (
          <LabelValue label={<Trans>Request number</Trans>}>
            <RequestNumber value={m.requestNumber} />
          </LabelValue>
        )}
        <LabelValue label={<Trans>Message</Trans>} dir="auto">
          {m.message}
        </LabelValue>
        <LabelValue label={<Trans>Status</Trans>}>{statusLabel}</LabelValue>
        <DueBy at={m.dueAt} overdue={m.overdue} />
        {m.reply && (
          <LabelValue label={<Trans>Answer sent</Trans>} dir="auto">
            {m.reply}
          </LabelValue>
        )}
      </LabelValueList>
      <ErrorNotice error={assign.error ?? reply.error ?? close.error} className="mt-2" />
      {m.status !== 'closed' && (
        <div className="mt-3 grid gap-3">
          <Field id={ids.assign} label={<Trans>Assigned to</Trans>}>
            <select
              className="input"
              value={m.assigneeId ?? ''}
              disabled={assign.isPending}
              onChange={(e) => assign.mutate({ id: m.id, assigneeId: e.target.value || null })}
            >
              <option value="">{t`Nobody`}</option>
              {(colleagues.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <ReplyForm
            label={<Trans>Your answer</Trans>}
            send={<Trans>Send the answer</Trans>}
            pending={reply.isPending}
            onSend={(message, sent) => reply.mutate({ id: m.id, channel, message }, { onSuccess: sent })}
            before={
              <fieldset className="flex flex-wrap gap-4">
                <legend className="mb-1 font-medium">
                  <Trans>Answer by</Trans>
                </legend>
                <label className="flex min-h-11 items-center gap-2">
                  <input type="radio" name={ids.channel} checked={channel === 'email'} onChange={() => setChannel('email')} />
                  <Trans>E-mail</Trans>
                </label>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={ids.channel}
                    checked={channel === 'sms'}
                    disabled={!m.mobile}
                    onChange={() => setChannel('sms')}
                  />
                  <Trans>SMS</Trans>
                </label>
              </fieldset>
            }
          >
            <button type="button" className="btn-outline" disabled={close.isPending} onClick={() => close.mutate({ id: m.id })}>
              <Trans>Close the message</Trans>
            </button>
          </ReplyForm>
        </div>
      )}
    </WorkCard>
  );
}

/* ------------------------------------------- ratings and breaches ------------------------------------------- */

function SummaryPanel({ kind }: { kind: 'ratings' | 'breaches' }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const today = cairoDate(new Date());
  const [query, setQuery] = useState<TQualityQuery>({
    from: `${today.slice(0, 8)}01`,
    to: today,
    by: kind === 'ratings' ? 'service' : 'stage',
  });
  const ids = { from: useId(), to: useId(), by: useId() };
  const summary = useQualitySummary(kind, query);
  const byOptions =
    kind === 'ratings'
      ? ([
          ['service', t`Service`],
          ['company', t`Company`],
          ['sector', t`Sector`],
          ['month', t`Month (trend)`],
        ] as const)
      : ([
          ['stage', t`Stage`],
          ['service', t`Service`],
          ['company', t`Company`],
          ['sector', t`Sector`],
        ] as const);
  const n = (v: number | null) => (v === null ? '–' : formatNumber(lang, v));
  const group: Column<TQualityRow> = {
    id: 'group',
    header: t`Group`,
    rowHeader: true,
    cell: (r) => (r.key === null && r.label === null ? t`Total` : (r.label?.[lang] ?? r.key ?? '–')),
  };
  const columns: Column<TQualityRow>[] =
    kind === 'ratings'
      ? [
          group,
          { id: 'count', header: t`Ratings`, align: 'end', cell: (r) => n(r.count), sortValue: (r) => r.count },
          {
            id: 'average',
            header: t`Average (1 to 3)`,
            align: 'end',
            cell: (r) => n(r.average),
            sortValue: (r) => r.average ?? 0,
          },
          { id: 'easy', header: t`Completed easily`, align: 'end', cell: (r) => n(r.distribution[2] ?? 0) },
          { id: 'some', header: t`With some difficulty`, align: 'end', cell: (r) => n(r.distribution[1] ?? 0) },
          { id: 'could-not', header: t`Could not complete`, align: 'end', cell: (r) => n(r.distribution[0] ?? 0) },
        ]
      : [
          group,
          { id: 'open', header: t`Open requests`, align: 'end', cell: (r) => n(r.open), sortValue: (r) => r.open },
          { id: 'breached', header: t`Past their time`, align: 'end', cell: (r) => n(r.breached), sortValue: (r) => r.breached },
          { id: 'days', header: t`Days overdue on average`, align: 'end', cell: (r) => n(r.averageDaysOverdue) },
        ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <Field id={ids.from} label={<Trans>From</Trans>}>
          <input
            type="date"
            className="input w-auto"
            value={query.from}
            onChange={(e) => e.target.value && setQuery({ ...query, from: e.target.value })}
          />
        </Field>
        <Field id={ids.to} label={<Trans>To</Trans>}>
          <input
            type="date"
            className="input w-auto"
            value={query.to}
            onChange={(e) => e.target.value && setQuery({ ...query, to: e.target.value })}
          />
        </Field>
        <Field id={ids.by} label={<Trans>Group by</Trans>}>
          <select
            className="input w-auto"
            value={query.by}
            onChange={(e) => setQuery({ ...query, by: e.target.value as TQualityQuery['by'] })}
          >
            {byOptions.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {summary.isError && <ErrorPanel error={summary.error} onRetry={() => void summary.refetch()} />}
      <DataTable
        caption={kind === 'ratings' ? t`Ratings` : t`SLA breaches`}
        columns={columns}
        rows={summary.data?.rows ?? []}
        rowKey={(r) => r.key ?? 'none'}
        loading={summary.isPending}
        totals={summary.data?.total ?? undefined}
        empty={<Trans>Nothing in this period.</Trans>}
        cards="lg"
        testId={`quality-${kind}`}
      />
    </div>
  );
}

/* ------------------------------------------------ comments ------------------------------------------------ */

function CommentsPanel() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const answerLabel = useAnswerLabel();
  const [text, setText] = useState('');
  const paging = usePaging(QUALITY_PAGE);
  const list = useComments(text, paging.skip);
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3">
      <SearchInput
        id={searchId}
        label={t`Search the comments`}
        value={text}
        debounceMs={300}
        onChange={(v: string) => {
          setText(v.trim());
          paging.setPage(1);
        }}
      />
      <QueryList
        query={list}
        empty={<Trans>No comment found.</Trans>}
        className="grid gap-2"
        paging={{ ...paging, label: t`Comment pages` }}
      >
        {(c) => (
          <li key={c.requestId} className="rounded-xl border border-line bg-card p-3" data-testid="quality-comment">
            <MetaLine className="text-sm text-ink-muted">
              {c.serviceLabel?.[lang] ?? c.serviceSlug}
              <RequestNumber value={c.requestNumber} />
              {formatDate(lang, c.createdAt)}
              {answerLabel(c.answer)}
            </MetaLine>
            <p dir="auto">{c.comment}</p>
          </li>
        )}
      </QueryList>
    </div>
  );
}
