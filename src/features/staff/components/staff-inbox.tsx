import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TLang, TLocalized } from '../../../../contract/common.ts';
import type { TInboxFilter, TInboxRow, TSla } from '../../../../contract/staff.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { formatDate, formatNumber } from '../../../lib/text/format.ts';
import { useInbox, useInboxCount } from '../api.ts';
import { useSavedSort, type InboxSort } from '../saved-sort.ts';

/** The inbox's state in the address (the route validates it). */
export type StaffInboxSearch = {
  q?: string | undefined;
  service?: string | undefined;
  status?: string | undefined;
  mine?: boolean | undefined;
  escalated?: boolean | undefined;
  comments?: boolean | undefined;
  since?: string | undefined;
  page?: number | undefined;
};

export type Option = { value: string; label: TLocalized };

const PAGE_SIZE = 20;

/** Spec section 9: a table column is at least 200 px wide, or 10 px per character of its title. */
export const columnWidth = (title: string): number => Math.max(200, 10 * title.length);

/** The server's filter for what the address says. */
export function filterOf(s: StaffInboxSearch): TInboxFilter {
  return {
    ...(s.q ? { q: s.q } : {}),
    ...(s.service ? { serviceSlug: s.service } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.mine ? { assignedToMe: true } : {}),
    ...(s.escalated ? { escalated: true } : {}),
    ...(s.comments ? { citizenComments: true } : {}),
    // The start of that day, on this device's clock.
    ...(s.since ? { statusChangedSince: startOfDay(s.since) } : {}),
    limit: PAGE_SIZE,
    skip: ((s.page ?? 1) - 1) * PAGE_SIZE,
  };
}

const startOfDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
};

/** Days left in the stage (else the whole request); overdue said in words, not by colour alone. */
export function DaysLeft({ sla }: { sla: TSla }) {
  const left = sla.stageDaysLeft ?? sla.totalDaysLeft;
  if (left === null) return <span className="text-ink-muted">—</span>;
  if (left < 0) {
    const late = -left;
    return (
      <span className="font-semibold text-danger">
        <span aria-hidden="true">⚠ </span>
        <Plural value={late} one="Overdue by # day" other="Overdue by # days" />
      </span>
    );
  }
  return <Plural value={left} one="# day left" other="# days left" />;
}

/**
 * The staff inbox (spec sections 2 and 7 `/dynamic_services/inbox`): the requests this employee may act on,
 * searched by request data, receipt number and citizen data, filtered and paged on the server, refetched every
 * 90 s; with a service chosen, its own columns (`requestsInbox`).
 */
export function StaffInbox({
  title,
  search,
  onSearch,
  services,
  statuses,
}: {
  title: ReactNode;
  search: StaffInboxSearch;
  onSearch: (next: StaffInboxSearch) => void;
  services: readonly Option[];
  statuses: readonly Option[];
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const order = useSavedSort(search.service);
  const filter: TInboxFilter = { ...filterOf(search), sort: order.sort.sort, order: order.sort.order };
  const page = useInbox(filter);
  const { limit: _l, skip: _s, escalated: _e, citizenComments: _c, sort: _so, order: _or, ...base } = filter;
  const counts = useInboxCount(base);
  const [q, setQ] = useState(search.q ?? '');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    onSearch({
      q: text('q'),
      service: text('service'),
      status: text('service') === search.service ? text('status') : undefined,
      mine: form.get('mine') === 'on' || undefined,
      escalated: form.get('escalated') === 'on' || undefined,
      comments: form.get('comments') === 'on' || undefined,
      since: text('since'),
      page: undefined,
    });
  };
  const toggle = (key: 'escalated' | 'comments') =>
    onSearch({ ...search, [key]: search[key] ? undefined : true, page: undefined });

  const total = page.data?.total ?? 0;
  const current = search.page ?? 1;
  const pages = pageCount(total, PAGE_SIZE);
  const columns = page.data?.columns ?? [];

  return (
    <div className="flex flex-col gap-5" data-testid="staff-inbox">
      <h1 className="text-2xl font-bold">{title}</h1>

      {/* Drawn again when the address changes (a list button, back, forward): its fields show the filters in force. */}
      <form
        key={JSON.stringify({ ...search, q: undefined, page: undefined })}
        role="search"
        onSubmit={submit}
        className="grid gap-3 rounded-xl border border-line bg-card p-4 md:grid-cols-3"
      >
        <div className="flex flex-col gap-1 md:col-span-3">
          <label htmlFor={`${id}-q`} className="font-medium">
            <Trans>Search requests</Trans>
          </label>
          <input
            id={`${id}-q`}
            name="q"
            className="input"
            value={q}
            maxLength={100}
            dir="auto"
            onChange={(e) => setQ(e.target.value)}
            aria-describedby={`${id}-q-hint`}
          />
          <p id={`${id}-q-hint`} className="text-sm text-ink-muted">
            <Trans>
              Request number, national ID, mobile number, citizen name, or a value of the request such as a meter number.
            </Trans>
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-service`} className="font-medium">
            <Trans>Service</Trans>
          </label>
          <select id={`${id}-service`} name="service" className="input" defaultValue={search.service ?? ''}>
            <option value="">{t`All services`}</option>
            {services.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label[lang]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="font-medium">
            <Trans>Status</Trans>
          </label>
          <select
            id={`${id}-status`}
            name="status"
            className="input"
            defaultValue={search.status ?? ''}
            disabled={statuses.length === 0}
            aria-describedby={statuses.length === 0 ? `${id}-status-hint` : undefined}
          >
            <option value="">{t`All statuses`}</option>
            {statuses.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label[lang]}
              </option>
            ))}
          </select>
          {statuses.length === 0 && (
            <p id={`${id}-status-hint`} className="text-sm text-ink-muted">
              <Trans>Choose a service to filter by status.</Trans>
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-since`} className="font-medium">
            <Trans>Status changed since</Trans>
          </label>
          <input id={`${id}-since`} name="since" type="date" className="input" defaultValue={search.since ?? ''} />
        </div>
        <fieldset className="flex flex-wrap gap-x-5 gap-y-2 md:col-span-3">
          <legend className="sr-only">
            <Trans>Show only</Trans>
          </legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="mine" defaultChecked={search.mine ?? false} className="size-5" />
            <Trans>Assigned to me</Trans>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="escalated" defaultChecked={search.escalated ?? false} className="size-5" />
            <Trans>Escalated</Trans>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="comments" defaultChecked={search.comments ?? false} className="size-5" />
            <Trans>With citizen comments</Trans>
          </label>
        </fieldset>
        <div className="md:col-span-3">
          <button type="submit" className="btn-primary">
            <Trans>Search</Trans>
          </button>
        </div>
      </form>

      <div className="flex flex-wrap gap-2" aria-label={t`Lists`} role="group">
        <button
          type="button"
          className="btn-outline"
          aria-pressed={search.escalated ?? false}
          onClick={() => toggle('escalated')}
        >
          <Trans>Escalated requests</Trans> ({counts.data ? formatNumber(lang, counts.data.escalated) : '…'})
        </button>
        <button type="button" className="btn-outline" aria-pressed={search.comments ?? false} onClick={() => toggle('comments')}>
          <Trans>Requests with citizen comments</Trans> ({counts.data ? formatNumber(lang, counts.data.citizenComments) : '…'})
        </button>
      </div>

      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t`Order`}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-sort`} className="font-medium">
            <Trans>Sort by</Trans>
          </label>
          <select
            id={`${id}-sort`}
            className="input"
            value={order.sort.sort}
            onChange={(e) => order.save({ ...order.sort, sort: e.target.value as InboxSort['sort'] })}
          >
            <option value="createdAt">{t`Date filed`}</option>
            <option value="statusUpdatedAt">{t`Date of the last status change`}</option>
            <option value="stageStartedAt">{t`Date the stage started`}</option>
            <option value="number">{t`Request number`}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-order`} className="font-medium">
            <Trans>Direction</Trans>
          </label>
          <select
            id={`${id}-order`}
            className="input"
            value={order.sort.order}
            onChange={(e) => order.save({ ...order.sort, order: e.target.value === 'asc' ? 'asc' : 'desc' })}
          >
            <option value="desc">{t`Newest or highest first`}</option>
            <option value="asc">{t`Oldest or lowest first`}</option>
          </select>
        </div>
        {order.custom && (
          <button type="button" className="btn-outline" onClick={order.reset}>
            <Trans>Reset to the default order</Trans>
          </button>
        )}
      </div>

      {page.isPending ? (
        <RowsSkeleton />
      ) : page.isError ? (
        <ErrorPanel error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <>
          <p role="status" className="text-ink-muted">
            <Plural value={total} one="# request" other="# requests" />
          </p>
          {page.data.items.length === 0 ? (
            <p className="rounded-xl border border-line bg-card p-4">
              <Trans>No requests match.</Trans>
            </p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label={t`Requests`}>
              <table className="w-full text-start">
                <thead className="bg-surface">
                  <tr>
                    <Th title={t`Request number`} />
                    <Th title={t`Service`} />
                    <Th title={t`Status`} />
                    <Th title={t`Applicant`} />
                    <Th title={t`Days left`} />
                    <Th title={t`Assigned to`} />
                    {columns.map((c) => (
                      <Th key={c.dataIndex} title={c.label[lang]} />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.data.items.map((r) => (
                    <Row key={r.id} r={r} lang={lang} columns={columns.map((c) => c.dataIndex)} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={current} pages={pages} label={t`Inbox pages`} onPage={(p) => onSearch({ ...search, page: p })} />
        </>
      )}
    </div>
  );
}

function Th({ title }: { title: string }) {
  return (
    <th scope="col" className="p-3 text-start font-semibold" style={{ minInlineSize: `${columnWidth(title)}px` }}>
      {title}
    </th>
  );
}

function Row({ r, lang, columns }: { r: TInboxRow; lang: TLang; columns: string[] }) {
  return (
    <tr className="border-t border-line align-top" data-request={r.ID}>
      <td className="p-3">
        <Link
          to="/services/$serviceSlug/entries/$entryId"
          params={{ serviceSlug: r.serviceSlug, entryId: r.id }}
          className="font-semibold underline"
        >
          <bdi dir="ltr">{r.ID}</bdi>
        </Link>
        <div className="mt-1 flex flex-wrap gap-1 text-sm">
          {r.escalated && (
            <span className="rounded bg-error-bg px-1.5 text-error-ink">
              <Trans>Escalated</Trans>
            </span>
          )}
          {r.citizenComment && (
            <span className="rounded bg-warning-bg px-1.5 text-warning-ink">
              <Trans>New citizen comment</Trans>
            </span>
          )}
        </div>
      </td>
      <td className="p-3">{r.serviceLabel[lang]}</td>
      <td className="p-3">
        {r.status.label[lang]}
        <span className="block text-sm text-ink-muted">
          <time dateTime={r.statusUpdatedAt}>{formatDate(lang, r.statusUpdatedAt)}</time>
        </span>
      </td>
      <td className="p-3">
        <bdi>{r.citizen?.name ?? r.applicantName ?? '—'}</bdi>
        {r.citizen?.nationalId && (
          <span className="block text-sm text-ink-muted">
            <bdi dir="ltr">{r.citizen.nationalId}</bdi>
          </span>
        )}
      </td>
      <td className="p-3">
        <DaysLeft sla={r.sla} />
      </td>
      <td className="p-3">
        {r.assignee ? <bdi>{r.assignee.name}</bdi> : <Trans>Not assigned</Trans>}
        {r.assignedCompany && <span className="block text-sm text-ink-muted">{r.assignedCompany.name[lang]}</span>}
      </td>
      {columns.map((c) => (
        <td key={c} className="p-3">
          <bdi>{cellText(r.columns[c])}</bdi>
        </td>
      ))}
    </tr>
  );
}

const cellText = (v: string | number | boolean | null | undefined): string =>
  v === null || v === undefined ? '—' : typeof v === 'boolean' ? (v ? '✓' : '✗') : String(v);
