import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useFilterOptions } from '../features/catalog/use-filter-options.ts';
import { DraftsTable } from '../features/requests/components/drafts-table.tsx';
import { InboxPage, type InboxSearch } from '../features/requests/components/inbox-page.tsx';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireRole, requireSignedIn } from '../lib/guards.ts';
import { APP_KIND } from '../lib/constants.ts';
import { withoutEmpty } from '../lib/search-params.ts';
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
        fee: flag(s.fee),
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

function StaffInboxPage({ title }: { title?: ReactNode }) {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/inbox' });
  const { serviceOptions, statuses } = useFilterOptions(search.service);
  const onSearch = useCallback(
    (next: StaffInboxSearch) => {
      void navigate({ search: withoutEmpty(next), replace: true, resetScroll: false });
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
      // The requests tab is the default: the address does not name it.
      void navigate({ search: withoutEmpty(next, ['requests']), replace: true, resetScroll: false });
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
