import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { servicePageQuery, useServicePage } from '../features/catalog/api/get-service-page.ts';
import { usePageTour } from '../features/tour/page-tour.ts';
import { ServicePage } from '../features/catalog/components/service-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';
import { APP_KIND } from '../lib/constants.ts';

// What only a signed-in citizen sees loads when shown: the table of my requests of this service.
const ServiceRequests = lazy(() => import('../features/requests/components/inbox-service-requests.tsx'));

export const Route = createFileRoute('/services/$serviceSlug')({
  beforeLoad: ({ params }) => {
    // Spec section 2: adding a meter happens in the profile's meters section.
    if (params.serviceSlug === 'ADD_METER') throw redirect({ to: '/profile/meters' });
    // The employee build's Tickets (technical support): the inbox of the tickets service (issue 11).
    if (APP_KIND === 'employee' && params.serviceSlug === 'tickets')
      throw redirect({ to: '/inbox', search: { service: 'tickets' } });
  },
  loader: ({ context, params }) => ensureOrNotFound(context.queryClient, servicePageQuery(params.serviceSlug)),
  notFoundComponent: NotFoundPage,
  component: ServiceRoute,
});

function ServiceRoute() {
  const { serviceSlug } = Route.useParams();
  const page = useServicePage(serviceSlug);
  // The guided tour (decision 073): the service's own steps (its `tour`), else the app's.
  usePageTour('service', page.data?.tour, page.isSuccess);
  return (
    <ServicePage
      serviceSlug={serviceSlug}
      myRequests={
        <Suspense fallback={null}>
          <ServiceRequests serviceSlug={serviceSlug} />
        </Suspense>
      }
    />
  );
}
