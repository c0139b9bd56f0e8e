import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { NotificationsPage } from '../features/notifications/components/notifications-page.tsx';
import { requireSignedIn } from '../lib/guards.ts';

const validateSearch = (s: Record<string, unknown>): { page?: number | undefined } => {
  const n = Number(s.page);
  return { page: Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : undefined };
};

/** /notifications: the signed-in user's notifications. */
export const Route = createFileRoute('/notifications')({
  validateSearch,
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Notifications,
});

function Notifications() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate({ from: '/notifications' });
  return <NotificationsPage page={page} onPage={(p) => void navigate({ search: { page: p === 1 ? undefined : p } })} />;
}
