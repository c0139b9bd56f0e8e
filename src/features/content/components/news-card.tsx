import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { TNewsItem } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX, truncate } from '../../../lib/constants.ts';
import { formatDate } from '../../../lib/text/format.ts';

/** A news teaser; on the home page titles are cut at 20 characters and bodies at 80 (spec). */
export function NewsCard({ item, short = false }: { item: TNewsItem; short?: boolean }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const texts = item.translations[lang];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-card">
      <img
        src={item.featuredImage[0]?.url ?? '/icons/logo.svg'}
        alt=""
        width="400"
        height="200"
        loading="lazy"
        className="h-36 w-full bg-surface object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold">
          <Link
            to="/news/$newsId"
            params={{ newsId: item.id }}
            className="hover:underline"
            title={short ? texts.title : undefined}
          >
            {short ? truncate(texts.title, NEWS_TITLE_MAX) : texts.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          <time dateTime={item.publishedAt}>{formatDate(lang, item.publishedAt)}</time>
        </p>
        <p className="mt-2 text-sm">{short ? truncate(texts.body, NEWS_BODY_MAX) : truncate(texts.body, 200)}</p>
      </div>
    </article>
  );
}
