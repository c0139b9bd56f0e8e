import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { z } from 'zod/mini';
import { serviceQuery } from '../features/catalog/api/get-service.ts';
import { sortForCards } from '../features/catalog/service-rules.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { DraftsTable } from '../features/requests/components/drafts-table.tsx';
import { InboxPage, type InboxSearch } from '../features/requests/components/inbox-page.tsx';
import { requireSignedIn } from '../lib/guards.ts';

const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,80}$/));
const ZSearch = z.object({
  tab: z.optional(z.catch(z.enum(['requests', 'drafts']), 'requests')),
  service: z.optional(z.catch(token, '')),
  status: z.optional(z.catch(token, '')),
  number: z.optional(z.catch(token, '')),
  page: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1)),
});

/** /inbox: my requests and drafts (spec section 2, login required). */
export const Route = createFileRoute('/inbox')({
  validateSearch: (s) => ZSearch.parse(s),
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Inbox,
});

function Inbox() {
  const search = Route.useSearch() as InboxSearch;
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
