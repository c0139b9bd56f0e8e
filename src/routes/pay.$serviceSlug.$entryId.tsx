import { createFileRoute } from '@tanstack/react-router';
import { PayPage } from '../features/payments/components/pay-page.tsx';

/**
 * /pay/{serviceSlug}/{entryId} (spec section 2), the one payment address: a request's service fee
 * (`/pay/CODEMETER/<request id>`), the bills chosen on the bills page (`/pay/PAYBILLS/bills?ids=a,b`), and, with
 * `?paymentId=`, the payment status screen the gateway brings the citizen back to. One route: every route's
 * definition ships with the home page (its JavaScript budget), so the search is read by the page, not here.
 */
export const Route = createFileRoute('/pay/$serviceSlug/$entryId')({
  validateSearch: (s: Record<string, unknown>) => s as { ids?: unknown; paymentId?: unknown },
  component: function PayRoute() {
    const { serviceSlug, entryId } = Route.useParams();
    const { ids, paymentId } = Route.useSearch();
    return <PayPage serviceSlug={serviceSlug} entryId={entryId} ids={ids} paymentId={paymentId} />;
  },
});
