import { Link, createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { newsQuery, useNews } from '../features/content/api/content.ts';
import { NewsCard } from '../features/content/components/news-card.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
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
  const pages = news.data ? Math.max(1, Math.ceil(news.data.total / PAGE_SIZE)) : 1;
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
      <nav aria-label={t`News pages`} className="mt-6 flex items-center justify-center gap-4">
        {page > 1 && (
          <Link to="/news" search={{ page: page - 1 }} className="btn-outline">
            <Trans>Newer</Trans>
          </Link>
        )}
        <span>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
        {page < pages && (
          <Link to="/news" search={{ page: page + 1 }} className="btn-outline">
            <Trans>Older</Trans>
          </Link>
        )}
      </nav>
    </>
  );
}
