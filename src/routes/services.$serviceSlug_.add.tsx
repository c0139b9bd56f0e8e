import { createFileRoute, redirect } from '@tanstack/react-router';
import type { TService } from '../../contract/catalog.ts';
import { serviceQuery, useService } from '../features/catalog/api/get-service.ts';
import { AddRequestPage } from '../features/requests/components/add-request-page.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';
import { requireSignedIn } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';

type AddSearch = { draft?: string | undefined; outbox?: string | undefined };
const text = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(v) ? v : undefined);

/**
 * /services/{serviceSlug}/add: the new-request form (spec section 2). Open to visitors only where the service
 * allows anonymous requests; others sign in first and come back. `?draft=` continues a saved draft, `?outbox=`
 * reopens a write the server refused.
 */
export const Route = createFileRoute('/services/$serviceSlug_/add')({
  validateSearch: (s: Record<string, unknown>): AddSearch => ({ draft: text(s.draft), outbox: text(s.outbox) }),
  beforeLoad: ({ params }) => {
    // Spec section 2: adding a meter happens in the profile's meters section.
    if (params.serviceSlug === 'ADD_METER') throw redirect({ to: '/profile/meters' as never });
  },
  loader: async ({ context, params, location }) => {
    await Promise.all([ensureOrNotFound(context.queryClient, serviceQuery(params.serviceSlug)), loadAccountMessages()]);
    const service = context.queryClient.getQueryData(serviceQuery(params.serviceSlug).queryKey);
    if (service && !service.allowAnonymous) requireSignedIn(context, location);
  },
  notFoundComponent: NotFoundPage,
  component: AddPage,
});

function AddPage() {
  const { serviceSlug } = Route.useParams();
  const { draft, outbox } = Route.useSearch();
  const service = useService(serviceSlug);
  if (service.isPending) return <CardsSkeleton count={4} />;
  if (service.isError) return <ErrorPanel error={service.error} onRetry={() => void service.refetch()} />;
  return (
    <AddRequestPage
      key={`${serviceSlug}-${draft ?? ''}-${outbox ?? ''}`}
      service={service.data as TService}
      draftId={draft}
      outboxId={outbox}
    />
  );
}
