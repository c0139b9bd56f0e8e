import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import { useNewsItem } from '../api/content.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { formatDate } from '../../../lib/text/format.ts';

/** One news item: its title, date, picture and text, with the way back to all news. */
export function NewsItemPage({ newsId }: { newsId: string }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const item = useNewsItem(newsId);
  if (item.isPending) return <RowsSkeleton />;
  if (item.isError) return <ErrorPanel error={item.error} onRetry={() => void item.refetch()} />;
  const tr = item.data.translations[lang];
  return (
    <article className="mx-auto max-w-3xl">
      <p>
        <Link to="/news" className="text-brand underline">
          <Trans>All news</Trans>
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{tr.title}</h1>
      <p className="mt-1 text-sm text-ink-muted">
        <time dateTime={item.data.publishedAt}>{formatDate(lang, item.data.publishedAt)}</time>
      </p>
      <img
        src={item.data.featuredImage[0]?.url ?? '/icons/logo.svg'}
        alt=""
        width="800"
        height="400"
        className="mt-4 w-full rounded-xl bg-card object-cover"
      />
      {/* Rich text sanitised by the server when it was saved (decision 067): no script, handler or javascript: link. */}
      <div className="news-body mt-4 whitespace-pre-line text-lg leading-relaxed" dangerouslySetInnerHTML={{ __html: tr.body }} />
    </article>
  );
}
