import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TLang } from '../../../../contract/common.ts';
import type { TInboxFilter, TInboxRow } from '../../../../contract/staff.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { DataTable, type Column, type TableSort } from '../../../components/ui/data-table.tsx';
import { pageCount } from '../../../components/ui/pager.tsx';
import { formatDate } from '../../../lib/text/format.ts';
import { useInbox } from '../api.ts';
import type { InboxSort, useSavedSort } from '../saved-sort.ts';
import { DaysLeft } from './days-left.tsx';
import { columnWidth, INBOX_PAGE_SIZE } from './inbox-search.ts';
import { RequestNumber } from '../../../components/request-number.tsx';

/** The headers that order the list on the server, and the order each one asks for. */
const SORTED_BY: Record<string, InboxSort['sort']> = { number: 'number', status: 'statusUpdatedAt' };

const cellText = (v: string | number | boolean | null | undefined): string =>
  v === null || v === undefined ? '—' : typeof v === 'boolean' ? (v ? '✓' : '✗') : String(v);

/**
 * One page of the inbox (the one data table): ordered on the server by the saved order, which the sortable
 * headers change too; with a service chosen, its own columns (`requestsInbox`), which the employee may hide.
 */
export function InboxTable({
  filter,
  service,
  order,
  page,
  onPage,
}: {
  filter: TInboxFilter;
  service: string | undefined;
  order: ReturnType<typeof useSavedSort>;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useInbox(filter);
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;

  const total = list.data?.total ?? 0;
  const header = (id: string, title: string, rest: Omit<Column<TInboxRow>, 'id' | 'header' | 'minWidth'>) => ({
    id,
    header: title,
    minWidth: columnWidth(title),
    ...rest,
  });
  const columns: Column<TInboxRow>[] = [
    header('number', t`Request number`, { sortable: true, cell: (r) => <NumberCell r={r} /> }),
    header('status', t`Status`, {
      sortable: true,
      cell: (r) => (
        <>
          {r.status.label[lang]}
          <span className="block text-sm text-ink-muted">
            <time dateTime={r.statusUpdatedAt}>{formatDate(lang, r.statusUpdatedAt)}</time>
          </span>
        </>
      ),
    }),
    // Days left and the assignee come right after the status and cannot be hidden: what a tablet's width shows
    // first (decision 050).
    header('daysLeft', t`Days left`, { cell: (r) => <DaysLeft sla={r.sla} closed={r.status.final} /> }),
    header('assignee', t`Assigned to`, {
      cell: (r) => (
        <>
          {r.assignee ? <bdi>{r.assignee.name}</bdi> : <Trans>Not assigned</Trans>}
          {r.assignedCompany && <span className="block text-sm text-ink-muted">{r.assignedCompany.name[lang]}</span>}
        </>
      ),
    }),
    header('applicant', t`Applicant`, {
      hideable: true,
      cell: (r) => (
        <>
          <bdi>{r.citizen?.name ?? r.applicantName ?? '—'}</bdi>
          {r.citizen?.nationalId && (
            <span className="block text-sm text-ink-muted">
              <bdi dir="ltr">{r.citizen.nationalId}</bdi>
            </span>
          )}
        </>
      ),
    }),
    header('service', t`Service`, { hideable: true, cell: (r) => r.serviceLabel[lang] }),
    ...(list.data?.columns ?? []).map((c) =>
      header(`field:${c.dataIndex}`, c.label[lang], {
        hideable: true,
        cell: (r) => <bdi>{cellText(r.columns[c.dataIndex])}</bdi>,
      }),
    ),
  ];
  const sortedBy = Object.entries(SORTED_BY).find(([, key]) => key === order.sort.sort)?.[0];
  const sort: TableSort | undefined = sortedBy
    ? { column: sortedBy, direction: order.sort.order === 'asc' ? 'ascending' : 'descending' }
    : undefined;

  return (
    <DataTable
      caption={t`Requests`}
      tableId={`inbox:${service ?? 'all'}`}
      columns={columns}
      rows={list.data?.items ?? []}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-request': r.ID })}
      loading={list.isPending}
      empty={<Trans>No requests match.</Trans>}
      stickyHeader
      // Cards up to a landscape tablet: a portrait tablet (820 px) shows every row's facts without scrolling sideways.
      cards="lg"
      sort={sort}
      onSort={(next) =>
        order.save({ sort: SORTED_BY[next.column] ?? 'createdAt', order: next.direction === 'ascending' ? 'asc' : 'desc' })
      }
      toolbar={
        list.data && (
          <p role="status" className="text-ink-muted">
            <Plural value={total} one="# request" other="# requests" />
          </p>
        )
      }
      pager={{ page, pages: pageCount(total, INBOX_PAGE_SIZE), label: t`Inbox pages`, onPage }}
    />
  );
}

/** What the request's fee waits for (issue 24): the citizen's payment, or the amount staff set. */
export function FeeWait({ wait }: { wait: NonNullable<TInboxRow['feeWait']> }) {
  return (
    <span className="rounded bg-info-bg px-1.5 text-info-ink" data-testid="fee-wait">
      {wait === 'payment' ? <Trans>Waits for the citizen's payment</Trans> : <Trans>Waits for the fee to be set</Trans>}
    </span>
  );
}

function NumberCell({ r }: { r: TInboxRow }) {
  return (
    <>
      <Link
        to="/services/$serviceSlug/entries/$entryId"
        params={{ serviceSlug: r.serviceSlug, entryId: r.id }}
        className="font-semibold underline"
      >
        <RequestNumber value={r.ID} />
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
        {r.feeWait && <FeeWait wait={r.feeWait} />}
      </div>
    </>
  );
}
