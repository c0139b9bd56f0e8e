import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { FAQ_TEASER_COUNT, LANDING_NEWS_COUNT } from '../../../lib/constants.ts';
import { useFaq, useNews } from '../api/content.ts';
import { NewsCard } from './news-card.tsx';

/** The home page's latest news, as short cards. */
export function LatestNews() {
  const news = useNews(LANDING_NEWS_COUNT, 0);
  return (
    <section aria-labelledby="news-title">
      <SectionHeader id="news-title" to="/news" title={<Trans>Latest news</Trans>} more={<Trans>All news</Trans>} />
      {news.isPending ? (
        <CardsSkeleton count={3} />
      ) : news.isError ? (
        <ErrorPanel error={news.error} onRetry={() => void news.refetch()} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {news.data.items.map((n) => (
            <li key={n.id}>
              <NewsCard item={n} short />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The home page's first questions of the FAQ, each opening its answer. */
export function FaqTeaser() {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const faq = useFaq();
  return (
    <section aria-labelledby="faq-title">
      <SectionHeader
        id="faq-title"
        to="/faq"
        title={<Trans>Frequently asked questions</Trans>}
        more={<Trans>All questions</Trans>}
      />
      {faq.isSuccess && (
        <div className="flex flex-col gap-2">
          {faq.data.slice(0, FAQ_TEASER_COUNT).map((f) => (
            <details key={f.id} className="rounded-lg border border-line bg-card p-3">
              <summary className="min-h-6 cursor-pointer font-medium">{f.translations[lang].question}</summary>
              <p className="mt-2 text-ink-muted">{f.translations[lang].answer}</p>
            </details>
          ))}
        </div>
      )}
      {faq.isError && <ErrorPanel error={faq.error} onRetry={() => void faq.refetch()} />}
    </section>
  );
}
