import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
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
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDate, formatNumber } from '../../../lib/text/format.ts';
import {
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

const PAGE = 20;

/**
 * Service quality (issue 26 part 1, decision 066; MANAGE_SERVICE_QUALITY, employee build): the follow-ups of low
 * or commented ratings, the contact-form messages, the ratings' figures and the SLA breaches, and the comments.
 */
export function QualityPage() {
  const { t } = useLingui();
  const tabs: { id: string; label: string; panel: ReactNode }[] = [
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
      <TabGroup>
        <TabList className="flex flex-wrap gap-1 border-b border-line">
          {tabs.map((x) => (
            <Tab
              key={x.id}
              className="-mb-px min-h-11 border-b-2 border-transparent px-3 font-medium data-[selected]:border-brand data-[selected]:text-brand"
            >
              {x.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          {tabs.map((x) => (
            <TabPanel key={x.id}>{x.panel}</TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </section>
  );
}

/* ------------------------------------------------ shared ------------------------------------------------ */

function useAnswerLabel() {
  const { t } = useLingui();
  return (answer: number) =>
    answer === 3 ? t`Completed easily` : answer === 2 ? t`Completed with some difficulty` : t`Could not complete`;
}

function WriteError({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <Notice tone="error" inline className="mt-2 text-sm">
      {errorMessages(i18n, error as Parameters<typeof errorMessages>[1]).join(' ')}
    </Notice>
  );
}

function StatusFilter<S extends string>({
  value,
  onChange,
  options,
}: {
  value: S | undefined;
  onChange: (s: S | undefined) => void;
  options: { value: S; label: string }[];
}) {
  const id = useId();
  return (
    <Field id={id} label={<Trans>Status</Trans>}>
      <select
        className="input w-auto"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as S | undefined)}
      >
        <option value="">
          <Trans>All</Trans>
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
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
  const [status, setStatus] = useState<TFollowUpStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useFollowUps(status, (page - 1) * PAGE);
  return (
    <div className="flex flex-col gap-3">
      <StatusFilter
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        options={(['open', 'contacted', 'resolved'] as const).map((s) => ({ value: s, label: label(s) }))}
      />
      {list.isPending ? (
        <RowsSkeleton count={3} />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>No follow-up here.</Trans>
        </p>
      ) : (
        <>
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.data.items.map((f) => (
              <FollowUpCard key={f.id} f={f} />
            ))}
          </ul>
          <Pager page={page} pages={pageCount(list.data.total, PAGE)} label={t`Follow-up pages`} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function FollowUpCard({ f }: { f: TFollowUp }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const answerLabel = useAnswerLabel();
  const statusLabel = useFollowUpStatusLabel();
  const reply = useFollowUpReply();
  const move = useFollowUpStatus();
  const [text, setText] = useState('');
  const replyId = useId();
  const service = f.serviceLabel?.[lang] ?? f.serviceSlug;
  return (
    <li
      className="rounded-xl border border-line bg-card p-4"
      data-testid="follow-up"
      data-request={f.requestId}
      data-status={f.status}
    >
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
        <LabelValue label={<Trans>Due by</Trans>}>
          {formatDate(lang, f.dueAt)}
          {f.overdue && (
            <strong className="ms-2 text-danger">
              <Trans>Past its time limit</Trans>
            </strong>
          )}
        </LabelValue>
        {f.reply && (
          <LabelValue label={<Trans>Reply sent</Trans>} dir="auto">
            {f.reply}
          </LabelValue>
        )}
      </LabelValueList>
      <WriteError error={reply.error ?? move.error} />
      {f.status !== 'resolved' && (
        <form
          className="mt-3 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim().length >= 2) reply.mutate({ id: f.id, message: text.trim() }, { onSuccess: () => setText('') });
          }}
        >
          <Field
            id={replyId}
            label={<Trans>Reply to the citizen</Trans>}
            hint={<Trans>Sent in the app, by e-mail and by SMS.</Trans>}
          >
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
            <button type="submit" className="btn-primary" disabled={reply.isPending}>
              <Trans>Send the reply</Trans>
            </button>
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
          </div>
        </form>
      )}
    </li>
  );
}

/* ------------------------------------------- contact messages ------------------------------------------- */

function ContactPanel() {
  const { t } = useLingui();
  const labels: Record<TContactStatus, string> = { open: t`Open`, answered: t`Answered`, closed: t`Closed` };
  const [status, setStatus] = useState<TContactStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useContactMessages(status, (page - 1) * PAGE);
  return (
    <div className="flex flex-col gap-3">
      <StatusFilter
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        options={(['open', 'answered', 'closed'] as const).map((s) => ({ value: s, label: labels[s] }))}
      />
      {list.isPending ? (
        <RowsSkeleton count={3} />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>No message here.</Trans>
        </p>
      ) : (
        <>
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.data.items.map((m) => (
              <ContactCard key={m.id} m={m} statusLabel={labels[m.status]} />
            ))}
          </ul>
          <Pager page={page} pages={pageCount(list.data.total, PAGE)} label={t`Message pages`} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function ContactCard({ m, statusLabel }: { m: TContactMessageItem; statusLabel: string }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const colleagues = useColleagues();
  const assign = useContactAssign();
  const reply = useContactReply();
  const close = useContactClose();
  const [text, setText] = useState('');
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const ids = { assign: useId(), reply: useId(), channel: useId() };
  const type = m.messageType === 'complaint' ? t`Complaint` : m.messageType === 'inquiry' ? t`Inquiry` : t`Suggestion`;
  const reference = <bdi dir="ltr">{m.referenceNumber}</bdi>;
  return (
    <li
      className="rounded-xl border border-line bg-card p-4"
      data-testid="contact-message"
      data-reference={m.referenceNumber}
      data-status={m.status}
    >
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
        <LabelValue label={<Trans>Due by</Trans>}>
          {formatDate(lang, m.dueAt)}
          {m.overdue && (
            <strong className="ms-2 text-danger">
              <Trans>Past its time limit</Trans>
            </strong>
          )}
        </LabelValue>
        {m.reply && (
          <LabelValue label={<Trans>Answer sent</Trans>} dir="auto">
            {m.reply}
          </LabelValue>
        )}
      </LabelValueList>
      <WriteError error={assign.error ?? reply.error ?? close.error} />
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
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim().length >= 2)
                reply.mutate({ id: m.id, channel, message: text.trim() }, { onSuccess: () => setText('') });
            }}
          >
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
            <Field id={ids.reply} label={<Trans>Your answer</Trans>}>
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
              <button type="submit" className="btn-primary" disabled={reply.isPending}>
                <Trans>Send the answer</Trans>
              </button>
              <button type="button" className="btn-outline" disabled={close.isPending} onClick={() => close.mutate({ id: m.id })}>
                <Trans>Close the message</Trans>
              </button>
            </div>
          </form>
        </div>
      )}
    </li>
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
  const [page, setPage] = useState(1);
  const list = useComments(text, (page - 1) * PAGE);
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
          setPage(1);
        }}
      />
      {list.isPending ? (
        <RowsSkeleton count={3} />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>No comment found.</Trans>
        </p>
      ) : (
        <>
          <ul className="grid gap-2">
            {list.data.items.map((c) => (
              <li key={c.requestId} className="rounded-xl border border-line bg-card p-3" data-testid="quality-comment">
                <MetaLine className="text-sm text-ink-muted">
                  {c.serviceLabel?.[lang] ?? c.serviceSlug}
                  <RequestNumber value={c.requestNumber} />
                  {formatDate(lang, c.createdAt)}
                  {answerLabel(c.answer)}
                </MetaLine>
                <p dir="auto">{c.comment}</p>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pageCount(list.data.total, PAGE)} label={t`Comment pages`} onPage={setPage} />
        </>
      )}
    </div>
  );
}
