import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { TNewsItem } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX, truncate } from '../../../lib/constants.ts';
import { formatDate } from '../../../lib/text/format.ts';

/**
 * A news teaser; on the home page titles are cut at 20 characters and bodies at 80 (spec). `level`: its title's
 * heading level under the page's (the news page's cards sit under its h1). `first`: the page's first picture, the
 * largest thing a phone paints first: not lazy, fetched early.
 */
/** A news body's text (it is sanitised rich text, decision 067): tags dropped, the escapes the sanitiser writes undone. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();

/** A content file's picture has a card-sized copy (640 px wide). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- an address, not interface text
const cardPicture = (url: string) => (url.startsWith('/api/content/files/') ? `${url}?size=card` : url);

export function NewsCard({
  item,
  short = false,
  level = 3,
  first = false,
}: {
  item: TNewsItem;
  short?: boolean;
  level?: 2 | 3;
  first?: boolean;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const texts = item.translations[lang];
  const body = plainText(texts.body);
  const picture = item.featuredImage[0]?.url;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-card">
      <img
        src={picture ? cardPicture(picture) : '/icons/logo.svg'}
        alt=""
        width="400"
        height="200"
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        className="h-36 w-full bg-surface object-cover"
      />
      <div className="flex flex-1 flex-col p-4">
        <Heading className="font-semibold">
          <Link
            to="/news/$newsId"
            params={{ newsId: item.id }}
            className="hover:underline"
            title={short ? texts.title : undefined}
          >
            {short ? truncate(texts.title, NEWS_TITLE_MAX) : texts.title}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-ink-muted">
          <time dateTime={item.publishedAt}>{formatDate(lang, item.publishedAt)}</time>
        </p>
        <p className="mt-2 text-sm">{short ? truncate(body, NEWS_BODY_MAX) : truncate(body, 200)}</p>
      </div>
    </article>
  );
}
