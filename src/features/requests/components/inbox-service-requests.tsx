import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { serviceRequestsQuery } from '../api/requests.ts';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { RequestList } from './inbox-list.tsx';

/**
 * The service page's table of my earlier requests for that service (spec section 2 "Service details"), unless the
 * service hides it (`hideServiceTable`). Signed-in citizens only; all of them in /inbox, filtered by the service.
 */
export default function ServiceRequests({ serviceSlug }: { serviceSlug: string }) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const list = useQuery(serviceRequestsQuery(serviceSlug, page));
  return (
    <section aria-labelledby="my-service-requests" className="flex flex-col gap-3" data-testid="service-requests">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-service-requests" className="text-xl font-semibold">
          <Trans>My requests for this service</Trans>
        </h2>
        <Link to="/inbox" search={{ service: serviceSlug }} className="text-brand underline">
          <Trans>See all in my requests</Trans>
        </Link>
      </div>
      {list.isPending ? (
        <RowsSkeleton count={2} />
      ) : list.isError ? (
        <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>You have no requests for this service yet.</Trans>
        </p>
      ) : (
        <>
          <RequestList items={list.data.items} showService={false} />
          <Pager page={page} pages={pageCount(list.data.total, 5)} label={t`Request pages`} onPage={setPage} />
        </>
      )}
    </section>
  );
}
