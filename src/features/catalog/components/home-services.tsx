import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { useHydrated } from '../../../lib/hydrated.ts';
import { MOST_USED_SLUGS, showInMenus } from '../service-rules.ts';
import { mostSearchedSlugs } from '../most-searched.ts';
import { useAllServices } from '../use-all-services.ts';
import { ServiceCard } from './service-card.tsx';

const ServiceSearchDialog = lazy(() => import('./service-search-dialog.tsx'));

/** The catalog's services of these slugs, in this order, leaving out those hidden from menus. */
function useServicesBySlug() {
  const catalog = useAllServices();
  const bySlug = (slugs: readonly string[]) =>
    slugs
      .map((slug) => catalog.services.find((s) => s.serviceSlug === slug))
      .filter((s) => s !== undefined)
      .filter(showInMenus);
  return { catalog, bySlug };
}

/** The home page's "Find a service": the search dialog's opener and the most searched services. */
export function ServiceFinder() {
  const { bySlug } = useServicesBySlug();
  const [searchOpen, setSearchOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="search-title" className="rounded-xl border border-line bg-card p-4" data-tour="service-finder">
      <h2 id="search-title" className="text-lg font-semibold">
        <Trans>Find a service</Trans>
      </h2>
      <button
        type="button"
        className="input mt-2 text-start text-ink-muted"
        disabled={!hydrated}
        onClick={() => setSearchOpen(true)}
      >
        <Trans>Type a service name</Trans>
      </button>
      <h3 className="mt-3 text-sm font-medium text-ink-muted">
        <Trans>Most searched</Trans>
      </h3>
      <ul className="mt-1 flex flex-wrap gap-2">
        {bySlug(mostSearchedSlugs()).map((s) => (
          <li key={s.id}>
            <Link to="/services/$serviceSlug" params={{ serviceSlug: s.serviceSlug }} className="btn-outline text-sm">
              {s.serviceLabel}
            </Link>
          </li>
        ))}
      </ul>
      {searchOpen && (
        <Suspense fallback={null}>
          <ServiceSearchDialog open onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

/** The home page's most used services, as cards. */
export function MostUsedServices() {
  const { catalog, bySlug } = useServicesBySlug();
  return (
    <section aria-labelledby="most-used-title">
      <SectionHeader
        id="most-used-title"
        to="/services"
        title={<Trans>Most used services</Trans>}
        more={<Trans>All services</Trans>}
      />
      {catalog.isPending ? (
        <CardsSkeleton count={3} />
      ) : catalog.isError ? (
        <ErrorPanel error={catalog.error} onRetry={() => void catalog.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {bySlug(MOST_USED_SLUGS).map((s) => (
            <li key={s.id}>
              <ServiceCard service={s} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
