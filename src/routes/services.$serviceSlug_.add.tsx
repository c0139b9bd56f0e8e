import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { TService } from '../../contract/catalog.ts';
import { serviceQuery, useService } from '../features/catalog/api/get-service.ts';
import { AddRequestPage } from '../features/requests/components/add-request-page.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';
import { requireSignedIn } from '../lib/guards.ts';
import { loadAccountMessages } from '../lib/i18n.ts';
import { tariffsQuery } from '../features/bills/api.ts';
import { useQuery } from '@tanstack/react-query';
import { appDataQuery } from '../features/content/api/content.ts';
import { MapTilesContext } from '../features/forms/map-tiles.ts';
import { tourSteps, usePageTour } from '../features/tour/page-tour.ts';
import { useLingui } from '@lingui/react/macro';

/*
 * Two services' use pages are screens of their own (issue 12), loaded when opened: the bill calculator
 * (BILL_CALCULATOR, open to visitors) and the citizen's bills to pay (PAYBILLS). They live on this route rather
 * than routes of their own: every route's definition is part of what the home page loads, which is at its budget.
 */
const BillCalculator = lazy(() =>
  import('../features/bills/components/calculator-page.tsx').then((m) => ({ default: m.CalculatorPage })),
);
const Bills = lazy(() => import('../features/bills/components/bills-page.tsx').then((m) => ({ default: m.BillsPage })));

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
    if (params.serviceSlug === 'ADD_METER') throw redirect({ to: '/profile/meters' });
  },
  loader: async ({ context, params, location }) => {
    // The calculator reads the tariffs (kept in the query cache: offline, the last copy serves).
    if (params.serviceSlug === 'BILL_CALCULATOR') void context.queryClient.prefetchQuery(tariffsQuery());
    // Issue 12: a reading is registered on the reading screen (offline first), not with the generic form. In the
    // loader, which comes with the screen's chunk, not in the route every page carries (home page budget).
    if (params.serviceSlug === 'METER_READING') throw redirect({ href: '/profile/meters?readings=1' });
    await Promise.all([ensureOrNotFound(context.queryClient, serviceQuery(params.serviceSlug)), loadAccountMessages()]);
    const service = context.queryClient.getQueryData(serviceQuery(params.serviceSlug).queryKey);
    // A citizen's bills are theirs: signed in, whatever the service says.
    if ((service && !service.allowAnonymous) || params.serviceSlug === 'PAYBILLS') requireSignedIn(context, location);
  },
  notFoundComponent: NotFoundPage,
  component: AddPage,
});

function AddPage() {
  const { serviceSlug } = Route.useParams();
  if (serviceSlug === 'BILL_CALCULATOR' || serviceSlug === 'PAYBILLS')
    return (
      <Suspense fallback={<CardsSkeleton count={2} />}>{serviceSlug === 'PAYBILLS' ? <Bills /> : <BillCalculator />}</Suspense>
    );
  return <RequestForm serviceSlug={serviceSlug} />;
}

function RequestForm({ serviceSlug }: { serviceSlug: string }) {
  const { draft, outbox } = Route.useSearch();
  const service = useService(serviceSlug);
  // The location fields' map tiles (decision 052), from the application data the root route loaded.
  const map = useQuery(appDataQuery()).data?.config.map;
  const { i18n } = useLingui();
  // The guided tour (decision 073): the service's steps where the form shows their elements, else the app's.
  usePageTour('add', tourSteps(service.data?.tour, i18n.locale), !!service.data);
  if (service.isPending) return <CardsSkeleton count={4} />;
  // A form opened before opens offline from the copy on the device (decision 053), even if reading it again failed.
  if (!service.data) return <ErrorPanel error={service.error} onRetry={() => void service.refetch()} />;
  return (
    <MapTilesContext.Provider value={map}>
      <AddRequestPage
        key={`${serviceSlug}-${draft ?? ''}-${outbox ?? ''}`}
        service={service.data as TService}
        draftId={draft}
        outboxId={outbox}
      />
    </MapTilesContext.Provider>
  );
}
