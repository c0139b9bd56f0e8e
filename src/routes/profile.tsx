import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../lib/guards.ts';

/** /profile and /profile/meters (spec section 2: login required). */
export const Route = createFileRoute('/profile')({
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: Outlet,
});
