import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PapersList } from '../features/requests/components/papers-list.tsx';
import { requireSignedIn } from '../lib/guards.ts';

const validateSearch = (s: Record<string, unknown>): { page?: number | undefined } => {
  const n = Number(s.page);
  return { page: Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : undefined };
};

/** /papers: my papers (login required). */
export const Route = createFileRoute('/papers')({
  validateSearch,
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Papers,
});

function Papers() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate({ from: '/papers' });
  return <PapersList page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />;
}
