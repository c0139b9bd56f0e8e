import { createFileRoute } from '@tanstack/react-router';
import type { TService } from '../../contract/catalog.ts';
import { serviceQuery, useService } from '../features/catalog/api/get-service.ts';
import { ActivityPage } from '../features/requests/components/activity-page-view.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';
import { requireSignedIn } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';

const text = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(v) ? v : undefined);

/**
 * /services/{slug}/entries/{entryId}/{activityId}: the citizen's activity on a request (spec section 2, login
 * required; a request filed without an account is reached with this device's owner token).
 */
export const Route = createFileRoute('/services/$serviceSlug_/entries/$entryId_/$activityId')({
  validateSearch: (s: Record<string, unknown>): { outbox?: string | undefined } => ({ outbox: text(s.outbox) }),
  beforeLoad: async ({ context, location, params }) => {
    // The owner tokens' store loads with the page, not with the route definitions every page carries.
    const { ownerTokenFor } = await import('../lib/request-owner-tokens.ts');
    if (!(await ownerTokenFor(params.entryId).catch(() => undefined))) requireSignedIn(context, location);
  },
  loader: async ({ context, params }) => {
    await Promise.all([ensureOrNotFound(context.queryClient, serviceQuery(params.serviceSlug)), loadAccountMessages()]);
  },
  notFoundComponent: NotFoundPage,
  component: ActivityRoute,
});

function ActivityRoute() {
  const { serviceSlug, entryId, activityId } = Route.useParams();
  const { outbox } = Route.useSearch();
  const service = useService(serviceSlug);
  if (service.isPending) return <CardsSkeleton count={2} />;
  if (service.isError) return <ErrorPanel error={service.error} onRetry={() => void service.refetch()} />;
  return <ActivityPage service={service.data as TService} entryId={entryId} activityId={activityId} outboxId={outbox} />;
}
