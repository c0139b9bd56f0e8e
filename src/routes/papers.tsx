import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { PapersList } from '../features/requests/components/papers-list.tsx';
import { requireSignedIn } from '../lib/guards.ts';

const ZSearch = z.object({ page: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1)) });

/** /papers: my papers (login required). */
export const Route = createFileRoute('/papers')({
  validateSearch: (s) => ZSearch.parse(s),
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Papers,
});

function Papers() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate({ from: '/papers' });
  return <PapersList page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />;
}
