import { createFileRoute } from '@tanstack/react-router';
import { newsQuery } from '../features/content/api/content.ts';
import { NEWS_PAGE_SIZE as PAGE_SIZE, NewsPage } from '../features/content/components/news-page.tsx';
import { searchNumber } from '../lib/search-params.ts';

const isPage = (n: number) => Number.isInteger(n) && n >= 1 && n <= 1000;

export const Route = createFileRoute('/news/')({
  validateSearch: (s): { page?: number | undefined } => ({ page: searchNumber(s.page, 1, isPage) }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(newsQuery(PAGE_SIZE, (deps.page - 1) * PAGE_SIZE)),
  component: NewsRoute,
});

function NewsRoute() {
  return <NewsPage page={Route.useSearch().page ?? 1} />;
}
