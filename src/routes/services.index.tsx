import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { ServicesPage, type ServicesSearch } from '../features/catalog/components/services-page.tsx';
import { searchNumber, searchText } from '../lib/search-params.ts';

export const Route = createFileRoute('/services/')({
  validateSearch: (s): ServicesSearch => ({
    q: searchText(s.q, 100),
    category: searchText(s.category, 64),
    steps: searchNumber(s.steps, 0),
    days: searchNumber(s.days, 0),
  }),
  loader: ({ context }) => void context.queryClient.prefetchQuery(categoriesQueryOptions()),
  component: ServicesRoute,
});

function ServicesRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: '/services/' });
  const setFilter = useCallback(
    (patch: Partial<ServicesSearch>) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true, resetScroll: false }),
    [navigate],
  );
  return <ServicesPage search={search} setFilter={setFilter} />;
}
