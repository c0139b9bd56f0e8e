import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { serviceQuery } from '../features/catalog/api/get-service.ts';
import { useRequest } from '../features/requests/api/requests.ts';
import { ViewRequest } from '../features/requests/components/view-request.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { DataAge } from '../components/data-age.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RowsSkeleton } from '../components/skeleton.tsx';
import { ApiError } from '../lib/api-client.ts';
import { isNotFound } from '../lib/error-display.ts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { APP_KIND } from '../lib/constants.ts';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireRole } from '../lib/guards.ts';
import { staffRequestQuery as staffQuery } from '../features/staff/api.ts';
import { tourSteps, usePageTour } from '../features/tour/page-tour.ts';
import { useLingui } from '@lingui/react/macro';

/**
 * /services/{serviceSlug}/entries/{entryId}: view a request (spec section 2, login required). Its owner signed in,
 * or a visitor holding the request's owner token on this device; anyone else, and an unknown request, gets the
 * not-found page (the server answers 404 so a stranger does not learn that the request exists).
 */
export const Route = createFileRoute('/services/$serviceSlug_/entries/$entryId')({
  // The request code loads with the page, not with the route definitions every page carries (home page budget).
  beforeLoad: async ({ context, location, params }) => {
    const { canTryToRead, isEntryRef } = await import('../features/requests/api/requests.ts');
    if (!isEntryRef(params.entryId)) throw notFound();
    // The employee build shows the request as staff see it: for those who handle requests (decision 036).
    if (APP_KIND === 'employee') requireRole(context, location, ROLES_FOR.requestWork);
    if (context.viewer.kind === 'visitor' && !(await canTryToRead(params.entryId)))
      throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  loader: async ({ context, params }) => {
    // The service (labels of the submitted data) loads beside it; without it the page still shows the request.
    void context.queryClient.ensureQueryData(serviceQuery(params.serviceSlug)).catch(() => undefined);
    if (APP_KIND === 'employee') {
      // The employee build reads the request as staff see it (issue 11).
      const { staffRequestQuery } = await import('../features/staff/api.ts');
      try {
        await context.queryClient.ensureQueryData(staffRequestQuery(params.serviceSlug, params.entryId));
      } catch (err) {
        if (err instanceof ApiError && isNotFound(err)) throw notFound();
      }
      return;
    }
    const { requestQuery } = await import('../features/requests/api/requests.ts');
    try {
      await context.queryClient.ensureQueryData(requestQuery(params.serviceSlug, params.entryId));
    } catch (err) {
      if (err instanceof ApiError && (isNotFound(err) || err.code === 'INVALID_REQUEST_OWNER_TOKEN')) throw notFound();
    }
  },
  notFoundComponent: NotFoundPage,
  component: APP_KIND === 'employee' ? StaffViewRequestPage : ViewRequestPage,
});

const StaffRequestPanel = lazy(() =>
  import('../features/staff/components/staff-request.tsx').then((m) => ({ default: m.StaffRequestPanel })),
);

/** The employee build: the request with the staff panel (assign, move along the workflow, comment, escalate). */
function StaffViewRequestPage() {
  const { serviceSlug, entryId } = Route.useParams();
  const request = useQuery({ ...staffQuery(serviceSlug, entryId) });
  const service = useQuery(serviceQuery(serviceSlug));
  if (request.isPending) return <RowsSkeleton />;
  if (request.isError) return <ErrorPanel error={request.error} onRetry={() => void request.refetch()} />;
  return (
    <ViewRequest
      request={request.data}
      service={service.data}
      // Staff read the citizen by name in the timeline and comments (decision 050), never "you".
      viewer={{ kind: 'staff', citizenName: request.data.owner?.name ?? request.data.applicantName }}
      staff={
        <Suspense fallback={<RowsSkeleton />}>
          <StaffRequestPanel request={request.data} onReload={() => void request.refetch()} />
        </Suspense>
      }
    />
  );
}

function ViewRequestPage() {
  const { serviceSlug, entryId } = Route.useParams();
  const request = useRequest(serviceSlug, entryId);
  const service = useQuery(serviceQuery(serviceSlug));
  const { i18n } = useLingui();
  // The guided tour (decision 073): the service's steps where the page shows their elements, else the app's.
  usePageTour('request', tourSteps(service.data?.tour, i18n.locale), !!request.data && !service.isPending);
  if (request.isPending) return <RowsSkeleton />;
  if (!request.data) return <ErrorPanel error={request.error} onRetry={() => void request.refetch()} />;
  // Offline, the copy kept on the device (decision 053), with its age.
  return (
    <div className="flex flex-col gap-3">
      <DataAge updatedAt={request.dataUpdatedAt} failed={request.isError} />
      <ViewRequest request={request.data} service={service.data} />
    </div>
  );
}
