import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { serviceQuery } from '../features/catalog/api/get-service.ts';
import { sortForCards } from '../features/catalog/service-rules.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { DraftsTable } from '../features/requests/components/drafts-table.tsx';
import { InboxPage, type InboxSearch } from '../features/requests/components/inbox-page.tsx';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireRole, requireSignedIn } from '../lib/guards.ts';
import { APP_KIND } from '../lib/constants.ts';
import { Trans } from '@lingui/react/macro';
import { lazy, type ReactNode } from 'react';
import type { StaffInboxSearch } from '../features/staff/components/staff-inbox.tsx';

// The employee build's inbox (issue 11) is its own screen, loaded only there.
const StaffInbox = lazy(() => import('../features/staff/components/staff-inbox.tsx').then((m) => ({ default: m.StaffInbox })));

// The filters live in the address; anything else there is dropped (plain checks: route definitions load on every page).
const TOKEN = /^[A-Za-z0-9_-]{1,80}$/;
const text = (v: unknown): string | undefined => {
  const value = typeof v === 'number' ? String(v) : v;
  return typeof value === 'string' && TOKEN.test(value) ? value : undefined;
};
const pageOf = (v: unknown): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : undefined;
};
const flag = (v: unknown): true | undefined => (v === true || v === 'true' ? true : undefined);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validateSearch = (s: Record<string, unknown>): InboxSearch & StaffInboxSearch => ({
  tab: s.tab === 'drafts' ? 'drafts' : undefined,
  service: text(s.service),
  status: text(s.status),
  number: text(s.number),
  page: pageOf(s.page),
  // The staff inbox's filters: the employee build's only (a citizen's phone does not carry them).
  ...(APP_KIND === 'employee'
    ? {
        q: typeof s.q === 'string' || typeof s.q === 'number' ? String(s.q).slice(0, 100) || undefined : undefined,
        mine: flag(s.mine),
        escalated: flag(s.escalated),
        comments: flag(s.comments),
        since: typeof s.since === 'string' && DAY.test(s.since) ? s.since : undefined,
      }
    : {}),
});

/**
 * /inbox: my requests and drafts (spec section 2, login required); in the employee build, the staff inbox, for
 * those who handle requests (decision 036: the reports and assigner accounts have none).
 */
export const Route = createFileRoute('/inbox')({
  validateSearch,
  beforeLoad: ({ context, location }) =>
    APP_KIND === 'employee' ? requireRole(context, location, ROLES_FOR.requestWork) : requireSignedIn(context, location),
  component: APP_KIND === 'employee' ? StaffInboxPage : Inbox,
});

/** The services and statuses the filters offer (staff see every service). */
function useFilterOptions(service: string | undefined) {
  const { services } = useAllServices();
  const chosen = useQuery({ ...serviceQuery(service ?? ''), enabled: Boolean(service) });
  const serviceOptions = useMemo(
    () =>
      // The cards' labels are in the interface's language (decision 033), the only one the filter shows.
      sortForCards(services).map((s) => ({ value: s.serviceSlug, label: { ar: s.serviceLabel, en: s.serviceLabel } })),
    [services],
  );
  const statuses = useMemo(
    () => (service ? (chosen.data?.workflow?.statuses ?? []).map((s) => ({ value: s.id, label: s.label })) : []),
    [service, chosen.data],
  );
  return { serviceOptions, statuses };
}

function StaffInboxPage({ title }: { title?: ReactNode }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/inbox' });
  const { serviceOptions, statuses } = useFilterOptions(search.service);
  const onSearch = useCallback(
    (next: StaffInboxSearch) => {
      const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== ''));
      void navigate({ search: clean as never, replace: true, resetScroll: false });
    },
    [navigate],
  );
  return (
    <StaffInbox
      title={title ?? (search.service === 'tickets' ? <Trans>Tickets</Trans> : <Trans>Inbox</Trans>)}
      search={search}
      onSearch={onSearch}
      services={serviceOptions}
      statuses={statuses}
    />
  );
}

function Inbox() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/inbox' });
  const { serviceOptions, statuses } = useFilterOptions(search.service);
  const onSearch = useCallback(
    (next: InboxSearch) => {
      const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '' && v !== 'requests'));
      void navigate({ search: clean as never, replace: true, resetScroll: false });
    },
    [navigate],
  );
  return (
    <InboxPage
      search={search}
      onSearch={onSearch}
      services={serviceOptions}
      statuses={statuses}
      drafts={<DraftsTable serviceSlug={search.service} />}
    />
  );
}
