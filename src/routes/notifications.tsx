import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { NotificationsPage } from '../features/notifications/components/notifications-page.tsx';
import { requireSignedIn } from '../lib/guards.ts';

const ZSearch = z.object({ page: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1)) });

/** /notifications: the signed-in user's notifications. */
export const Route = createFileRoute('/notifications')({
  validateSearch: (s) => ZSearch.parse(s),
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Notifications,
});

function Notifications() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate({ from: '/notifications' });
  return <NotificationsPage page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />;
}
