import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { serviceQuery } from '../features/catalog/api/get-service.ts';
import { sortForCards } from '../features/catalog/service-rules.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { DraftsTable } from '../features/requests/components/drafts-table.tsx';
import { InboxPage, type InboxSearch } from '../features/requests/components/inbox-page.tsx';
import { requireSignedIn } from '../lib/guards.ts';

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
const validateSearch = (s: Record<string, unknown>): InboxSearch => ({
  tab: s.tab === 'drafts' ? 'drafts' : undefined,
  service: text(s.service),
  status: text(s.status),
  number: text(s.number),
  page: pageOf(s.page),
});

/** /inbox: my requests and drafts (spec section 2, login required). */
export const Route = createFileRoute('/inbox')({
  validateSearch,
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Inbox,
});

function Inbox() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/inbox' });
  const { services } = useAllServices();
  const chosen = useQuery({ ...serviceQuery(search.service ?? ''), enabled: Boolean(search.service) });
  const serviceOptions = useMemo(
    () =>
      sortForCards(services)
        .filter((s) => s.serviceSlug && s.translations)
        .map((s) => ({
          value: s.serviceSlug!,
          label: { ar: s.translations!.ar.serviceLabel, en: s.translations!.en.serviceLabel },
        })),
    [services],
  );
  const statuses = useMemo(
    () => (search.service ? (chosen.data?.workflow?.statuses ?? []).map((s) => ({ value: s.id, label: s.label })) : []),
    [search.service, chosen.data],
  );
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
