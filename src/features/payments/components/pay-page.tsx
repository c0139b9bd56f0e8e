import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useViewer } from '../../../lib/viewer.ts';
import { BILLS_ENTRY, PAYBILLS } from '../api.ts';
import { PayBillsPage } from './pay-bills-page.tsx';
import { PayFeePage } from './pay-fee-page.tsx';
import { PaymentResultPage } from './payment-result-page.tsx';

const text = (v: unknown, max: number): string => (typeof v === 'string' && v.length <= max ? v : '');

/**
 * What /pay/{serviceSlug}/{entryId} shows: the payment status screen when the gateway brought the citizen back
 * (`?paymentId=`), the bills' payment (`/pay/PAYBILLS/bills?ids=`, signed in: a visitor goes to sign in and comes
 * back), else a request's fee (its owner; the server answers 404 to anyone else).
 */
export function PayPage(p: { serviceSlug: string; entryId: string; ids: unknown; paymentId: unknown }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const bills = p.serviceSlug === PAYBILLS && p.entryId === BILLS_ENTRY;
  const signIn = bills && viewer.kind === 'visitor';
  useEffect(() => {
    if (signIn) void navigate({ to: '/login', search: { redirect: window.location.pathname + window.location.search } });
  }, [signIn, navigate]);
  if (signIn) return null;
  const paymentId = text(p.paymentId, 64);
  if (paymentId && bills) return <PaymentResultPage paymentId={paymentId} />;
  if (bills)
    return (
      <PayBillsPage
        ids={text(p.ids, 60 * 65)
          .split(',')
          .filter(Boolean)}
      />
    );
  return <PayFeePage serviceSlug={p.serviceSlug} entryId={p.entryId} />;
}
