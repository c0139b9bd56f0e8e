import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { useCategories } from '../api/get-categories.ts';
import { sortForCards, uniqueServices } from '../service-rules.ts';
import { ServiceCard } from './service-card.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { ReadyFieldset } from '../../../components/ready-fieldset.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { createSearchIndex } from '../../../lib/text/search.ts';

/** The services page's filters; they live in the address, so a filtered list can be shared and survives a reload. */
export type ServicesSearch = {
  q?: string | undefined;
  category?: string | undefined;
  steps?: number | undefined;
  days?: number | undefined;
};

const LABEL = 'text-sm font-medium';
const STEP_CHOICES = [1, 2, 3, 4, 5];
const DAY_CHOICES = [1, 3, 7, 15, 30];

/**
 * The services page (spec section 2 "Services"): the catalog's services as cards, filtered by name (typed, sent
 * to the address a moment after typing stops), category, number of steps and number of days.
 */
export function ServicesPage({
  search,
  setFilter,
}: {
  search: ServicesSearch;
  /** Changes the filters in the address (replacing the entry: filtering is not a new page). */
  setFilter: (patch: Partial<ServicesSearch>) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const categories = useCategories();
  const [text, setText] = useState(search.q ?? '');

  useEffect(() => {
    const timer = setTimeout(() => {
      if ((search.q ?? '') !== text) setFilter({ q: text || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search.q, setFilter]);

  const { category, steps, days, q } = search;
  const listed = useMemo(() => {
    const list = categories.data ?? [];
    const inCategory = category ? list.filter((c) => c.id === category) : list;
    return sortForCards(uniqueServices(inCategory.map((c) => c.services))).filter((s) => {
      const a = s.businessAttributes;
      if (steps && a.numberOfSteps > steps) return false;
      if (days && a.numberOfDays > days) return false;
      return true;
    });
  }, [categories.data, category, steps, days]);
  // The name filter is the search that understands Arabic (decision 048): best match first, deactivated still last.
  const index = useMemo(() => createSearchIndex(listed, (s) => s.serviceLabel), [listed]);
  const services = useMemo(
    () => (q ? index.search(q).sort((a, b) => Number(a.deactivated ?? false) - Number(b.deactivated ?? false)) : listed),
    [index, listed, q],
  );

  const found = services.length;

  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Services</Trans>
      </h1>
      <form role="search" className="mt-4" onSubmit={(e) => e.preventDefault()}>
        <ReadyFieldset className="grid gap-3 rounded-xl border border-line bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
          <SearchInput
            id={`${id}-q`}
            label={<Trans>Search by name</Trans>}
            labelClassName={LABEL}
            value={text}
            onChange={setText}
            placeholder={t`Type a service name`}
          />
          <Field id={`${id}-cat`} label={<Trans>Category</Trans>} labelClassName={LABEL}>
            <select
              className="input"
              value={search.category ?? ''}
              onChange={(e) => setFilter({ category: e.target.value || undefined })}
            >
              <option value="">{t`All categories`}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-steps`} label={<Trans>Number of steps</Trans>} labelClassName={LABEL}>
            <select
              className="input"
              value={search.steps ?? 0}
              onChange={(e) => setFilter({ steps: Number(e.target.value) || undefined })}
            >
              <option value={0}>{t`Any`}</option>
              {STEP_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t`Up to ${n}`}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-days`} label={<Trans>Number of days</Trans>} labelClassName={LABEL}>
            <select
              className="input"
              value={search.days ?? 0}
              onChange={(e) => setFilter({ days: Number(e.target.value) || undefined })}
            >
              <option value={0}>{t`Any`}</option>
              {DAY_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t`Up to ${n}`}
                </option>
              ))}
            </select>
          </Field>
        </ReadyFieldset>
      </form>
      <p role="status" className="mt-4 text-sm text-ink-muted">
        {categories.isSuccess && <Trans>{found} services found</Trans>}
      </p>
      <div className="mt-2">
        {categories.isPending ? (
          <CardsSkeleton />
        ) : categories.isError ? (
          <ErrorPanel error={categories.error} onRetry={() => void categories.refetch()} />
        ) : services.length === 0 ? (
          <p className="rounded-xl border border-line bg-card p-6 text-center">
            <Trans>No service matches these filters.</Trans>
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((s) => (
              <li key={s.id}>
                <ServiceCard service={s} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
