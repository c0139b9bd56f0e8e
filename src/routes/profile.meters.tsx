import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { MetersPage } from '../features/meters/components/meters-page.tsx';
import { ReadingsPage } from '../features/meters/components/readings-page.tsx';
import { requireActingFor } from '../lib/guards.ts';

/**
 * My meters (spec section 2): approved, pending approval, rejected and deleted by the platform; add, edit, delete.
 * `?readings` (a meter id, or `1`) shows meter reading registration instead, offline first. The search is read by
 * the screen (its own chunk), not by a `validateSearch` every page would carry (home page budget). In the agent
 * build, the same screens are those of the citizen the agent acts for (the server's owner); none chosen: the agent
 * workspace.
 */
export const Route = createFileRoute('/profile/meters')({
  beforeLoad: ({ context, location }) => requireActingFor(context, location),
  component: Meters,
});

// A meter id as the API gives it (contract ZId: new meters have UUIDs, the demo seed's have names).
const METER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function Meters() {
  const search: { readings?: unknown } = Route.useSearch();
  const navigate = useNavigate();
  if (search.readings === undefined) return <MetersPage />;
  const readings = String(search.readings);
  return (
    <ReadingsPage
      meterId={METER_ID.test(readings) ? readings : undefined}
      onMeter={(id) => void navigate({ to: '/profile/meters', search: { readings: id || '1' }, replace: true })}
    />
  );
}
