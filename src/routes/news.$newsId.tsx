import { createFileRoute } from '@tanstack/react-router';
import { newsItemQuery } from '../features/content/api/content.ts';
import { NewsItemPage } from '../features/content/components/news-item-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';

export const Route = createFileRoute('/news/$newsId')({
  loader: ({ context, params }) => ensureOrNotFound(context.queryClient, newsItemQuery(params.newsId)),
  notFoundComponent: NotFoundPage,
  component: NewsItemRoute,
});

function NewsItemRoute() {
  return <NewsItemPage newsId={Route.useParams().newsId} />;
}
