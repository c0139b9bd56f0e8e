import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { categoriesQueryOptions, useCategories } from '../features/catalog/api/get-categories.ts';
import { CategorySection } from '../features/catalog/components/category-section.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    // Start the request early; the page renders its skeleton meanwhile.
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
  },
  component: HomePage,
});

function HomePage() {
  const categories = useCategories();
  return (
    <>
      <section aria-labelledby="home-title" className="mb-8">
        <h1 id="home-title" className="text-2xl font-bold sm:text-3xl">
          <Trans>Electricity e-services</Trans>
        </h1>
        <p className="mt-2 text-ink-muted">
          <Trans>Request services, register meters, submit readings and pay bills online.</Trans>
        </p>
      </section>
      <h2 className="sr-only">
        <Trans>Service categories</Trans>
      </h2>
      {categories.isPending ? (
        <CardsSkeleton />
      ) : categories.isError ? (
        <ErrorPanel error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        categories.data.map((c) => <CategorySection key={c.id} category={c} />)
      )}
    </>
  );
}
