import { createFileRoute } from '@tanstack/react-router';
import { FavouritesPage } from '../features/catalog/components/favourites-page.tsx';
import { requireBuildKind, requireSignedIn } from '../lib/guards.ts';

/** /favorites: a signed-in citizen's favourite services (spec section 2 "Favourites"); citizen build only. */
export const Route = createFileRoute('/favorites')({
  beforeLoad: ({ context, location }) => {
    requireSignedIn(context, location);
    requireBuildKind(context, ['citizen']);
  },
  component: FavouritesPage,
});
