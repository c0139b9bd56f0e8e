import { Link, createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { TLang } from '../../contract/common.ts';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { appDataQuery, faqQuery, newsQuery, useFaq, useNews } from '../features/content/api/content.ts';
import { ServiceCard } from '../features/catalog/components/service-card.tsx';
import { MOST_USED_SLUGS, showInMenus } from '../features/catalog/service-rules.ts';
import { mostSearchedSlugs } from '../features/catalog/most-searched.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { NewsCard } from '../features/content/components/news-card.tsx';
import { HeroSlider } from '../features/home/components/hero-slider.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { Icon } from '../components/icon.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import { FAQ_TEASER_COUNT, HOTLINE, LANDING_NEWS_COUNT, STORE_LINKS } from '../lib/constants.ts';

const ServiceSearchDialog = lazy(() => import('../features/catalog/components/service-search-dialog.tsx'));

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    // Start the requests early; the page draws its skeletons meanwhile (and from the cache when offline).
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
    void context.queryClient.prefetchQuery(newsQuery(LANDING_NEWS_COUNT, 0));
    void context.queryClient.prefetchQuery(faqQuery());
    void context.queryClient.prefetchQuery(appDataQuery());
  },
  component: HomePage,
});

function HomePage() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const catalog = useAllServices();
  const news = useNews(LANDING_NEWS_COUNT, 0);
  const faq = useFaq();
  const [searchOpen, setSearchOpen] = useState(false);
  const hydrated = useHydrated();
  const bySlug = (slugs: readonly string[]) =>
    slugs
      .map((slug) => catalog.services.find((s) => s.serviceSlug === slug))
      .filter((s) => s !== undefined)
      .filter(showInMenus);

  return (
    <div className="flex flex-col gap-10">
      <h1 className="sr-only">
        <Trans>Electricity e-services</Trans>
      </h1>
      <HeroSlider />

      <section aria-labelledby="search-title" className="rounded-xl border border-line bg-card p-4">
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

      <section aria-labelledby="news-title">
        <SectionHeader id="news-title" to="/news" title={<Trans>Latest news</Trans>} more={<Trans>All news</Trans>} />
        {news.isPending ? (
          <CardsSkeleton count={3} />
        ) : news.isError ? (
          <ErrorPanel error={news.error} onRetry={() => void news.refetch()} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3">
            {news.data.items.map((n) => (
              <li key={n.id}>
                <NewsCard item={n} short />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="app-title" className="rounded-2xl border border-line bg-card p-6">
        <h2 id="app-title" className="text-xl font-semibold">
          <Trans>Pay in the app and get cashback</Trans>
        </h2>
        <p className="mt-2 text-ink-muted">
          <Trans>Download the Kahraba app: pay your bills and fees in a few taps and get cashback on in-app payments.</Trans>
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={STORE_LINKS.googlePlay} className="btn-primary" rel="noopener" target="_blank">
            <Icon name="download" className="size-5" />
            <Trans>Google Play</Trans>
          </a>
          <a href={STORE_LINKS.appStore} className="btn-outline" rel="noopener" target="_blank">
            <Icon name="download" className="size-5" />
            <Trans>App Store</Trans>
          </a>
        </div>
      </section>

      <section aria-labelledby="faq-title">
        <SectionHeader
          id="faq-title"
          to="/faq"
          title={<Trans>Frequently asked questions</Trans>}
          more={<Trans>All questions</Trans>}
        />
        {faq.isSuccess && (
          <div className="flex flex-col gap-2">
            {faq.data.slice(0, FAQ_TEASER_COUNT).map((f) => (
              <details key={f.id} className="rounded-lg border border-line bg-card p-3">
                <summary className="min-h-6 cursor-pointer font-medium">{f.translations[lang].question}</summary>
                <p className="mt-2 text-ink-muted">{f.translations[lang].answer}</p>
              </details>
            ))}
          </div>
        )}
        {faq.isError && <ErrorPanel error={faq.error} onRetry={() => void faq.refetch()} />}
      </section>

      <section
        aria-labelledby="contact-title"
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-card p-6 shadow-sm"
      >
        <div>
          <h2 id="contact-title" className="text-xl font-semibold">
            <Trans>Need help?</Trans>
          </h2>
          <p className="mt-1 text-ink-muted">
            <Trans>Call the unified customer service hotline, or write to us.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={`tel:${HOTLINE}`} className="btn-primary">
            <Icon name="phone" className="size-5" />
            <Trans>
              Call <bdi>{HOTLINE}</bdi>
            </Trans>
          </a>
          <Link to="/contact" className="btn-outline">
            <Trans>Contact us</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}

/** A home section's heading with its "see all" link. */
function SectionHeader({
  id,
  to,
  title,
  more,
}: {
  id: string;
  to: '/services' | '/news' | '/faq';
  title: ReactNode;
  more: ReactNode;
}) {
  return (
    <div className="mb-3 flex items-baseline justify-between">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <Link to={to} className="text-brand underline">
        {more}
      </Link>
    </div>
  );
}
