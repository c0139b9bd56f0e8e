import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { MetersPage } from '../features/meters/components/meters-page.tsx';
import { ReadingsPage } from '../features/meters/components/readings-page.tsx';

/**
 * My meters (spec section 2): approved, pending approval, rejected and deleted by the platform; add, edit, delete.
 * `?readings` (a meter id, or `1`) shows meter reading registration instead, offline first. The search is read by
 * the screen (its own chunk), not by a `validateSearch` every page would carry (home page budget).
 */
export const Route = createFileRoute('/profile/meters')({
  component: Meters,
});

const METER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Meters() {
  const search: { readings?: unknown } = Route.useSearch();
  const navigate = useNavigate();
  if (search.readings === undefined) return <MetersPage />;
  const readings = String(search.readings);
  return (
    <ReadingsPage
      meterId={METER_ID.test(readings) ? readings : undefined}
      onMeter={(id) => void navigate({ to: '/profile/meters', search: { readings: id || '1' } as never, replace: true })}
    />
  );
}
