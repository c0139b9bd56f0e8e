import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import {
  DATA_ACCESS_KINDS,
  type TAuditLook,
  type TDataAccessKind,
  type TDataAccessQuery,
} from '../../../../contract/data-access.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RequestNumber } from '../../../components/request-number.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { pageCount } from '../../../components/ui/pager.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
import { AUDIT_PAGE, downloadLooks, useAuditLooks } from '../api.ts';
import { useKindLabel, usePurposeLabel } from '../labels.ts';

/**
 * The data-access record (issue 28 part 4, decision 071; AUDIT_DATA_ACCESS, employee build): every look by staff or
 * agents at a citizen's data, filtered by staff member, citizen, kind, dates and reports, newest first, paged, and
 * exported as CSV. A look a citizen reported shows the ticket it opened and the citizen's note.
 */
export function AuditPage() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const kindLabel = useKindLabel();
  const purposeLabel = usePurposeLabel();
  const [filters, setFilters] = useState<Omit<TDataAccessQuery, 'limit' | 'skip'>>({});
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<unknown>();
  const query: TDataAccessQuery = { ...filters, limit: AUDIT_PAGE, skip: (page - 1) * AUDIT_PAGE };
  const list = useAuditLooks(query);
  const ids = { staff: useId(), citizen: useId(), kind: useId(), from: useId(), to: useId(), reported: useId() };
  const set = (next: Partial<typeof filters>) => {
    setFilters((f) => {
      const merged: Record<string, unknown> = { ...f, ...next };
      for (const k of Object.keys(merged)) if (merged[k] === undefined || merged[k] === '') delete merged[k];
      return merged as typeof filters;
    });
    setPage(1);
  };

  const columns: Column<TAuditLook>[] = [
    { id: 'at', header: t`When`, cell: (r) => formatDateTime(lang, r.at), rowHeader: true },
    {
      id: 'staff',
      header: t`Staff member`,
      cell: (r) => (
        <>
          <bdi>{r.staffName}</bdi>{' '}
          <bdi dir="ltr" className="text-ink-muted">
            {r.staffNumber}
          </bdi>
          {r.staffKind === 'agent' && <span className="ms-1 text-ink-muted">{t`Agent`}</span>}
        </>
      ),
    },
    { id: 'company', header: t`Company`, cell: (r) => (r.company ? <bdi>{r.company[lang]}</bdi> : t`The holding company`) },
    {
      id: 'citizen',
      header: t`Citizen`,
      cell: (r) =>
        r.citizenId ? (
          <>
            <bdi>{r.citizenName ?? '–'}</bdi>{' '}
            {r.citizenNationalId && (
              <bdi dir="ltr" className="text-ink-muted">
                {r.citizenNationalId}
              </bdi>
            )}
          </>
        ) : (
          '–'
        ),
    },
    { id: 'kind', header: t`What`, cell: (r) => kindLabel(r.kind) },
    {
      id: 'why',
      header: t`Reason`,
      cell: (r) =>
        r.reason ? (
          <bdi>{r.reason}</bdi>
        ) : r.requestNumber ? (
          <RequestNumber value={r.requestNumber} />
        ) : (
          purposeLabel(r.purpose, r.kind)
        ),
    },
    {
      id: 'from',
      header: t`Build and address`,
      hideable: true,
      cell: (r) => (
        <bdi dir="ltr">
          {r.build} {r.address ?? ''}
        </bdi>
      ),
    },
    {
      id: 'report',
      header: t`Citizen's report`,
      cell: (r) =>
        r.reportTicket ? (
          <span data-testid="look-report">
            <RequestNumber value={r.reportTicket} /> {r.reportNote && <bdi className="block">{r.reportNote}</bdi>}
          </span>
        ) : (
          '–'
        ),
    },
  ];

  return (
    <section aria-labelledby="audit-title" className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 id="audit-title" className="text-2xl font-bold">
        <Trans>Data access record</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>Every look by an employee or an agent at a citizen's data, and the looks citizens reported.</Trans>
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          id={ids.staff}
          label={t`Staff number or name`}
          value={filters.staff ?? ''}
          debounceMs={400}
          onChange={(v: string) => set({ staff: v.trim() || undefined })}
        />
        <SearchInput
          id={ids.citizen}
          label={t`Citizen's national ID, mobile or account number`}
          value={filters.citizen ?? ''}
          debounceMs={400}
          onChange={(v: string) => set({ citizen: v.trim() || undefined })}
        />
        <Field id={ids.kind} label={<Trans>What</Trans>}>
          <select
            className="input w-auto"
            value={filters.kind ?? ''}
            onChange={(e) => set({ kind: (e.target.value || undefined) as TDataAccessKind | undefined })}
          >
            <option value="">
              <Trans>All</Trans>
            </option>
            {DATA_ACCESS_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={ids.from} label={<Trans>From</Trans>}>
          <input
            type="date"
            className="input w-auto"
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </Field>
        <Field id={ids.to} label={<Trans>To</Trans>}>
          <input
            type="date"
            className="input w-auto"
            value={filters.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </Field>
        <Field id={ids.reported} label={<Trans>Citizen reports</Trans>}>
          <select
            className="input w-auto"
            value={filters.reported ?? ''}
            onChange={(e) => set({ reported: (e.target.value || undefined) as 'true' | 'false' | undefined })}
          >
            <option value="">
              <Trans>All</Trans>
            </option>
            <option value="true">{t`Reported by the citizen`}</option>
            <option value="false">{t`Not reported`}</option>
          </select>
        </Field>
        <button
          type="button"
          className="btn-outline"
          onClick={() => {
            setExportError(undefined);
            downloadLooks(query, lang, t`data-access.csv`).catch(setExportError);
          }}
        >
          <Trans>Export CSV</Trans>
        </button>
      </div>
      {exportError !== undefined && (
        <Notice tone="error" inline>
          {errorMessages(i18n, exportError as Parameters<typeof errorMessages>[1]).join(' ')}
        </Notice>
      )}
      {list.isError && <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />}
      <DataTable
        caption={t`Looks at citizens' data`}
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-look': r.id, 'data-kind': r.kind })}
        loading={list.isPending}
        empty={<Trans>No look matches these filters.</Trans>}
        tableId="data-access"
        cards="lg"
        testId="data-access-table"
        pager={{ page, pages: pageCount(list.data?.total ?? 0, AUDIT_PAGE), label: t`Pages of the record`, onPage: setPage }}
      />
    </section>
  );
}
