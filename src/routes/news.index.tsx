import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { newsQuery, useNews } from '../features/content/api/content.ts';
import { NewsCard } from '../features/content/components/news-card.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { Pager, pageCount } from '../components/ui/pager.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { searchNumber } from '../lib/search-params.ts';

const PAGE_SIZE = 6;
const isPage = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1000;

export const Route = createFileRoute('/news/')({
  validateSearch: (s): { page?: number | undefined } => ({ page: searchNumber(s.page, 1, isPage) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(newsQuery(PAGE_SIZE, (deps.page - 1) * PAGE_SIZE)),
  component: NewsPage,
});

function NewsPage() {
  const { t } = useLingui();
  const page = Route.useSearch().page ?? 1;
  const news = useNews(PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const pages = news.data ? pageCount(news.data.total, PAGE_SIZE) : 1;
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>News</Trans>
      </h1>
      <div className="mt-4">
        {news.isPending ? (
          <CardsSkeleton />
        ) : news.isError ? (
          <ErrorPanel error={news.error} onRetry={() => void news.refetch()} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {news.data.items.map((n, i) => (
              <li key={n.id}>
                <NewsCard item={n} level={2} first={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-6">
        <Pager page={page} pages={pages} label={t`News pages`} />
      </div>
    </>
  );
}
