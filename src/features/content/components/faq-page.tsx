import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { useFaq } from '../api/content.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { createSearchIndex } from '../../../lib/text/search.ts';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';

const LABEL = 'text-sm font-medium';

/** The FAQ page: every question by group, searched in both the questions and the answers. */
export function FaqPage() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const faq = useFaq();
  const [q, setQ] = useState('');
  // Questions and answers folded once (decision 048); the page keeps its order, by group.
  const index = useMemo(
    () => createSearchIndex(faq.data ?? [], (f) => `${f.translations[lang].question} ${f.translations[lang].answer}`),
    [faq.data, lang],
  );
  const groups = useMemo(() => {
    const found = q ? new Set(index.search(q)) : null;
    const out = new Map<string, { title: string; items: { id: string; question: string; answer: string }[] }>();
    for (const f of faq.data ?? []) {
      const tr = f.translations[lang];
      if (found && !found.has(f)) continue;
      const g = out.get(f.group) ?? { title: tr.group, items: [] };
      g.items.push({ id: f.id, question: tr.question, answer: tr.answer });
      out.set(f.group, g);
    }
    return [...out.entries()];
  }, [faq.data, index, lang, q]);

  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Frequently asked questions</Trans>
      </h1>
      <ReadyFieldset>
        <SearchInput
          id={`${id}-q`}
          label={<Trans>Search the questions</Trans>}
          className="mt-4 flex max-w-md flex-col gap-1"
          labelClassName={LABEL}
          value={q}
          onChange={setQ}
          placeholder={t`For example: meter`}
        />
      </ReadyFieldset>
      <div className="mt-6">
        {faq.isPending ? (
          <RowsSkeleton />
        ) : faq.isError ? (
          <ErrorPanel error={faq.error} onRetry={() => void faq.refetch()} />
        ) : groups.length === 0 ? (
          <p role="status">
            <Trans>No question matches your search.</Trans>
          </p>
        ) : (
          groups.map(([key, g]) => (
            <section key={key} aria-labelledby={`faq-${key}`} className="mb-6">
              <h2 id={`faq-${key}`} className="mb-2 text-xl font-semibold">
                {g.title}
              </h2>
              {g.items.map((item) => (
                <details key={item.id} id={item.id} className="mt-2 scroll-mt-4 rounded-lg border border-line bg-card p-3">
                  <summary className="cursor-pointer font-medium">{item.question}</summary>
                  <p className="mt-2 text-ink-muted">{item.answer}</p>
                </details>
              ))}
            </section>
          ))
        )}
      </div>
    </>
  );
}
