import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TInboxRow } from '../../../../contract/staff.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { useBulkAssign, useInbox, useInstallationCompanies } from '../api.ts';
import { DaysLeft } from './days-left.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { RequestNumber } from '../../../components/request-number.tsx';
import { readableNumber } from '../../../../contract/request-number.ts';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';

/**
 * Rows a page (decision 076; 50 before): the company and the Assign button sit under the list, and 20 rows keep
 * them within a few screens of a tablet; the meter approvals page the same.
 */
const PAGE = 20;

/**
 * `/assign-requests` (spec section 2, role EmployeeAssignExternalCompany): the requests ready for an installation
 * company, chosen by hand, assigned together in one transaction. At least one must be chosen (spec section 5).
 */
export function AssignRequests() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useInbox({ ready: true, limit: PAGE, skip: (page - 1) * PAGE, sort: 'stageStartedAt', order: 'asc' });
  const pages = pageCount(list.data?.total ?? 0, PAGE);
  // Assigning the last requests of the last page leaves it empty: show the one before.
  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);
  const companies = useInstallationCompanies();
  const assign = useBulkAssign();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [company, setCompany] = useState('');
  const [problem, setProblem] = useState<string[] | undefined>();
  const [done, setDone] = useState<string | undefined>();

  const items = list.data?.items ?? [];
  const toggle = (requestId: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(requestId);
      else next.delete(requestId);
      return next;
    });

  const columns: Column<TInboxRow>[] = [
    {
      id: 'number',
      header: t`Request number`,
      cell: (r) => {
        // Said as people read it (decision 061).
        const number = readableNumber(r.ID, i18n.locale as TLang);
        return (
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.has(r.id)}
              onChange={(e) => toggle(r.id, e.target.checked)}
              aria-label={t`Select request ${number}`}
            />
            <RequestNumber value={r.ID} />
          </label>
        );
      },
    },
    { id: 'service', header: t`Service`, cell: (r) => r.serviceLabel[lang] },
    { id: 'applicant', header: t`Applicant`, cell: (r) => <bdi>{r.citizen?.name ?? r.applicantName ?? '—'}</bdi> },
    { id: 'daysLeft', header: t`Days left`, cell: (r) => <DaysLeft sla={r.sla} /> },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(undefined);
    const ids = [...chosen].filter((x) => items.some((r) => r.id === x));
    if (ids.length === 0) return setProblem(errorMessages(i18n, new ApiError('NO_REQUESTS_SELECTED', 400, '')));
    if (!company) return setProblem([t`Choose the installation company.`]);
    setProblem(undefined);
    assign.mutate(
      { requestIds: ids, installationCompanyId: company },
      {
        onSuccess: (r) => {
          const name = r.company.name[lang];
          const n = r.assigned;
          setChosen(new Set());
          setDone(t`${n} requests assigned to ${name}`);
        },
        onError: (err) => setProblem(errorMessages(i18n, err instanceof ApiError ? err : null)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">
        <Trans>Assign requests</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>Requests ready for installation that no installation company has yet. Choose them, then the company.</Trans>
      </p>
      {list.isPending ? (
        <RowsSkeleton />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <p role="status" className="text-ink-muted">
            <Plural value={list.data.total} one="# request ready" other="# requests ready" />
          </p>
          {items.length > 0 && (
            <DataTable
              caption={t`Ready requests`}
              columns={columns}
              rows={items}
              rowKey={(r) => r.id}
              stickyHeader
              toolbar={
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={items.every((r) => chosen.has(r.id))}
                    onChange={(e) => setChosen(e.target.checked ? new Set(items.map((r) => r.id)) : new Set())}
                  />
                  <Trans>Select all</Trans>
                </label>
              }
            />
          )}
          <Pager
            page={page}
            pages={pages}
            label={t`Ready request pages`}
            onPage={(to) => {
              // A choice is made on the page in view: another page starts with none chosen.
              setChosen(new Set());
              setPage(to);
            }}
          />
          <div className="flex flex-wrap items-end gap-3">
            <Field id={`${id}-company`} label={<Trans>Installation company</Trans>}>
              <select className="input" value={company} onChange={(e) => setCompany(e.target.value)}>
                <option value="">{t`Choose the company`}</option>
                {(companies.data?.items ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name[lang]}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className="btn-primary" disabled={assign.isPending}>
              <Trans>Assign to company</Trans>
            </button>
          </div>
          {problem && (
            <Notice tone="error" inline>
              {problem.join(' ')}
            </Notice>
          )}
          {done && (
            <Notice tone="success" inline>
              {done}
            </Notice>
          )}
        </form>
      )}
    </div>
  );
}
