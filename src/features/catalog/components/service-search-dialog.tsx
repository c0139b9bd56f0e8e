import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { createSearchIndex } from '../../../lib/text/search.ts';
import { Icon } from '../../../components/icon.tsx';
import { mostSearchedSlugs, recordSearchPick } from '../most-searched.ts';
import { showInMenus } from '../service-rules.ts';
import { useAllServices } from '../use-all-services.ts';

/**
 * The service search modal (spec section 2 and 9): matches the service label only, after a 500 ms pause in typing,
 * with the search that understands Arabic (src/lib/text/search.ts, decision 048: normalised, stemmed, synonyms,
 * best match first); with an empty query it shows the most searched services. It searches the catalog the app
 * holds, so it works offline on the cached catalog too.
 */
export default function ServiceSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { services } = useAllServices();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const resultsId = useId();
  const inputId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const visible = useMemo(() => services.filter(showInMenus), [services]);
  // The labels are folded once per catalog, not on every search.
  const index = useMemo(() => createSearchIndex(visible, (s) => s.serviceLabel), [visible]);
  const results = useMemo(() => {
    if (!query.trim()) {
      const order = mostSearchedSlugs();
      return order.map((slug) => visible.find((s) => s.serviceSlug === slug)).filter((s) => s !== undefined);
    }
    return index.search(query);
  }, [visible, index, query]);

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-16">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-card p-4 text-ink shadow-xl">
          <div className="flex items-center justify-between gap-2">
            <DialogTitle className="text-lg font-semibold">
              <Trans>Search services</Trans>
            </DialogTitle>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close`}>
              <Icon name="close" />
            </button>
          </div>
          <SearchInput
            id={inputId}
            className="mt-3"
            label={<Trans>Service name</Trans>}
            hideLabel
            autoFocus
            value={text}
            onChange={setText}
            placeholder={t`Type a service name`}
            controls={resultsId}
            inputClassName="input"
          />
          <h3 className="mt-4 text-sm font-medium text-ink-muted">
            {query.trim() ? <Trans>Results</Trans> : <Trans>Most searched</Trans>}
          </h3>
          <ul id={resultsId} aria-live="polite" className="mt-2 max-h-80 overflow-y-auto">
            {results.map((s) => (
              <li key={s.id}>
                <Link
                  to="/services/$serviceSlug"
                  params={{ serviceSlug: s.serviceSlug ?? '' }}
                  className="flex min-h-11 items-center rounded-md px-2 hover:bg-surface"
                  onClick={() => {
                    recordSearchPick(s.serviceSlug ?? '');
                    onClose();
                  }}
                >
                  {s.serviceLabel}
                </Link>
              </li>
            ))}
            {results.length === 0 && (
              <li className="px-2 py-3 text-ink-muted">
                <Trans>No service matches your search.</Trans>
              </li>
            )}
          </ul>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
