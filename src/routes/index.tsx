import { createFileRoute, redirect } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { appDataQuery, faqQuery, newsQuery, useAppData } from '../features/content/api/content.ts';
import { MostUsedServices, ServiceFinder } from '../features/catalog/components/home-services.tsx';
import { FaqTeaser, LatestNews } from '../features/content/components/home-content.tsx';
import { AppPromo, HelpBanner } from '../features/home/components/home-banners.tsx';
import { HeroSlider } from '../features/home/components/hero-slider.tsx';
import { LANDING_NEWS_COUNT } from '../lib/constants.ts';
import { startPageFor } from '../components/nav-menus.ts';
import { usePageTour } from '../features/tour/page-tour.ts';

export const Route = createFileRoute('/')({
  // Staff and agents open on their work, not the citizens' marketing home (decision 050); so does sign-in, which
  // lands on `/` when no page was remembered.
  beforeLoad: ({ context }) => {
    const start = startPageFor(context.viewer);
    if (start) throw redirect({ to: start, replace: true });
  },
  loader: ({ context }) => {
    // Start the requests early; the page draws its skeletons meanwhile (and from the cache when offline).
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
    void context.queryClient.prefetchQuery(newsQuery(LANDING_NEWS_COUNT, 0));
    void context.queryClient.prefetchQuery(faqQuery());
    void context.queryClient.prefetchQuery(appDataQuery());
  },
  component: HomePage,
});

/** The home page: the hero, then the catalog's, the news' and the help's sections (each drawn by its feature). */
function HomePage() {
  // The hero's figures staff keep (issue 26): from the application data.
  const figures = useAppData().data?.config.figures;
  // The guided tour on a first visit, and from the help menu (decision 073).
  usePageTour('home', undefined);
  return (
    <div className="flex flex-col gap-10">
      <h1 className="sr-only">
        <Trans>Electricity e-services</Trans>
      </h1>
      <HeroSlider figures={figures} />
      <ServiceFinder />
      <MostUsedServices />
      <LatestNews />
      <AppPromo />
      <FaqTeaser />
      <HelpBanner />
    </div>
  );
}
