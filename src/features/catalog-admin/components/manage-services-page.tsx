import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TCatalogServiceRow } from '../../../../contract/catalog-admin.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { formatDateTime, formatNumber } from '../../../lib/text/format.ts';
import { useCatalogServices } from '../api.ts';

/**
 * The services, for the people who run them (issue 26, employee build, MANAGE_SERVICES): each with whether it is
 * on, available now, shown on the web, its version and last change; a service's name opens its editor.
 */
export function ManageServicesPage() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const list = useCatalogServices();
  const columns: Column<TCatalogServiceRow>[] = [
    {
      id: 'name',
      header: t`Service`,
      rowHeader: true,
      sortValue: (r) => r.label[lang],
      cell: (r) => (
        <Link to="/manage-services/$serviceSlug" params={{ serviceSlug: r.serviceSlug }} className="link">
          {r.label[lang]}
        </Link>
      ),
    },
    {
      id: 'state',
      header: t`State`,
      sortValue: (r) => (r.deactivated ? 2 : r.isActive ? 0 : 1),
      cell: (r) =>
        r.deactivated ? (
          <span className="font-medium text-danger">
            <Trans>Switched off</Trans>
          </span>
        ) : r.isActive ? (
          <Trans>Taking requests</Trans>
        ) : (
          <Trans>Outside its window</Trans>
        ),
    },
    {
      id: 'web',
      header: t`On the web`,
      cell: (r) => (r.hiddenOn.includes('web') ? <Trans>Hidden</Trans> : <Trans>Shown</Trans>),
    },
    { id: 'version', header: t`Version`, align: 'end', sortValue: (r) => r.version, cell: (r) => formatNumber(lang, r.version) },
    {
      id: 'updated',
      header: t`Last change`,
      sortValue: (r) => r.updatedAt,
      cell: (r) => formatDateTime(lang, r.updatedAt),
    },
  ];
  return (
    <section aria-labelledby="manage-services-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 id="manage-services-title" className="text-2xl font-bold">
        <Trans>Manage services</Trans>
      </h1>
      {list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          caption={t`Services`}
          columns={columns}
          rows={list.data ?? []}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-testid': 'managed-service', 'data-slug': r.serviceSlug })}
          loading={list.isPending}
          cards="lg"
          stickyHeader
        />
      )}
    </section>
  );
}
