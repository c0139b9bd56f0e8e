import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useCurrentUser } from '../../../lib/session.ts';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { useAllServices } from '../use-all-services.ts';
import { sortForCards } from '../service-rules.ts';
import { ServiceCard } from './service-card.tsx';

/**
 * Favourites (spec section 2 "Favourites and my papers"): the signed-in citizen's `favoriteServices` as the
 * catalog's service cards, in the card order (deactivated last). A favourite no longer in the catalog (hidden on
 * web since) is simply not shown. Removing one with the card's toggle takes it off the page at once (the toggle
 * replaces the cached user).
 */
export function FavouritesPage() {
  const user = useCurrentUser();
  const all = useAllServices();
  const favourites = useMemo(() => {
    const wanted = new Set(user?.favoriteServices ?? []);
    return sortForCards(all.services.filter((s) => wanted.has(s.serviceSlug)));
  }, [all.services, user?.favoriteServices]);

  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>My favourite services</Trans>
      </h1>
      <div className="mt-4" data-testid="favourites">
        {all.isPending || !user ? (
          <CardsSkeleton />
        ) : all.isError ? (
          <ErrorPanel error={all.error} onRetry={() => void all.refetch()} />
        ) : favourites.length === 0 ? (
          <div className="rounded-xl border border-line bg-card p-6 text-center" data-testid="favourites-empty">
            <p>
              <Trans>You have no favourite services yet. Mark a service with the star on its card to find it here.</Trans>
            </p>
            <Link to="/services" className="btn-primary mt-4 inline-flex">
              <Trans>Browse services</Trans>
            </Link>
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {favourites.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
