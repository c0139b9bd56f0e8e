import { Trans, useLingui } from '@lingui/react/macro';
import { useNews } from '../api/content.ts';
import { NewsCard } from './news-card.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';

/** News cards on a page. */
export const NEWS_PAGE_SIZE = 6;

/** The news page: the news as cards, a page at a time (the pager's links work before the page's script runs). */
export function NewsPage({ page }: { page: number }) {
  const { t } = useLingui();
  const news = useNews(NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE);
  const pages = news.data ? pageCount(news.data.total, NEWS_PAGE_SIZE) : 1;
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
