import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { TLang } from '../../../../contract/common.ts';
import type { TRequestSummary } from '../../../../contract/requests.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { formatDate } from '../../../lib/text/format.ts';
import { RequestNumber, StatusBadge } from './view-status.tsx';

const entryLink = (r: TRequestSummary) => ({
  to: '/services/$serviceSlug/entries/$entryId',
  params: { serviceSlug: r.serviceSlug, entryId: r.id },
});

/**
 * A list of requests: cards on a phone, a table from tablet width (the one data table). Each opens its
 * view-request page; the request number is the link (data, left to right).
 */
export function RequestList({ items, showService = true }: { items: readonly TRequestSummary[]; showService?: boolean }) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const columns: Column<TRequestSummary>[] = [
    {
      id: 'number',
      header: t`Request number`,
      cell: (r) => (
        <Link
          {...entryLink(r)}
          className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-2"
        >
          <RequestNumber value={r.ID} />
        </Link>
      ),
    },
    ...(showService ? [{ id: 'service', header: t`Service`, cell: (r: TRequestSummary) => r.serviceLabel[lang] }] : []),
    { id: 'status', header: t`Status`, cell: (r) => <StatusBadge status={r.status} lang={lang} /> },
    { id: 'stage', header: t`Stage`, cell: (r) => r.stage?.label[lang] ?? '' },
    {
      id: 'createdAt',
      header: t`Submitted on`,
      cell: (r) => (
        <time dateTime={r.createdAt} className="whitespace-nowrap">
          {formatDate(lang, r.createdAt)}
        </time>
      ),
    },
  ];
  return (
    <DataTable
      caption={t`Requests`}
      columns={columns}
      rows={items}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'data-request': r.ID })}
      testId="request-table"
    />
  );
}
