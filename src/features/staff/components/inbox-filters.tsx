import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { ServiceStatusSelects } from '../../../components/request-filter-selects.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { formatDate, formatNumber } from '../../../lib/text/format.ts';
import { cairoDaysAgo, type Option, type StaffInboxSearch } from './inbox-search.ts';

type Chip = { key: keyof StaffInboxSearch; label: string; clear: Partial<StaffInboxSearch> };

/**
 * The inbox's search and filters (decision 050): one bar (the search box, Search, and a "Filters" button that
 * opens the rest), and the filters in force as chips, each with its own remove button; the request list starts
 * on the first screen of a tablet. Submitting puts them in the address. "Status changed since" offers days in
 * Cairo's calendar, named in the interface's language (the browser's date box wrote mm/dd/yyyy in Arabic).
 */
export function InboxFilters({
  search,
  onSearch,
  services,
  statuses,
  more,
}: {
  search: StaffInboxSearch;
  onSearch: (next: StaffInboxSearch) => void;
  services: readonly Option[];
  statuses: readonly Option[];
  /** Drawn at the end of the filters' panel (the order). */
  more?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const [q, setQ] = useState(search.q ?? '');
  const [open, setOpen] = useState(false);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    onSearch({
      q: text('q'),
      service: text('service'),
      status: text('service') === search.service ? text('status') : undefined,
      mine: form.get('mine') === 'on' || undefined,
      escalated: form.get('escalated') === 'on' || undefined,
      comments: form.get('comments') === 'on' || undefined,
      fee: form.get('fee') === 'on' || undefined,
      since: text('since'),
      page: undefined,
    });
  };

  const sinceChoices = [
    { value: cairoDaysAgo(0), label: t`Today` },
    { value: cairoDaysAgo(7), label: t`The last 7 days` },
    { value: cairoDaysAgo(30), label: t`The last 30 days` },
  ];
  const sinceLabel = (day: string) => sinceChoices.find((c) => c.value === day)?.label ?? formatDate(lang, day);

  const sinceName = search.since ? sinceLabel(search.since) : '';
  const serviceName = services.find((o) => o.value === search.service)?.label[lang] ?? search.service;
  const statusName = statuses.find((o) => o.value === search.status)?.label[lang] ?? search.status;
  const chips: Chip[] = [
    ...(search.service
      ? [{ key: 'service' as const, label: t`Service: ${serviceName}`, clear: { service: undefined, status: undefined } }]
      : []),
    ...(search.status ? [{ key: 'status' as const, label: t`Status: ${statusName}`, clear: { status: undefined } }] : []),
    ...(search.since
      ? [{ key: 'since' as const, label: t`Status changed since: ${sinceName}`, clear: { since: undefined } }]
      : []),
    ...(search.mine ? [{ key: 'mine' as const, label: t`Assigned to me`, clear: { mine: undefined } }] : []),
    ...(search.escalated ? [{ key: 'escalated' as const, label: t`Escalated`, clear: { escalated: undefined } }] : []),
    ...(search.comments ? [{ key: 'comments' as const, label: t`With citizen comments`, clear: { comments: undefined } }] : []),
    ...(search.fee ? [{ key: 'fee' as const, label: t`Waiting for payment`, clear: { fee: undefined } }] : []),
  ];

  const removeLabel = (filter: string) => t`Remove the filter ${filter}`;
  // Drawn again when the address changes (a chip removed, a list button, back, forward): its fields show the
  // filters in force.
  return (
    <div className="flex flex-col gap-2">
      <form key={JSON.stringify({ ...search, q: undefined, page: undefined })} role="search" onSubmit={submit}>
        <div className="flex flex-wrap items-end gap-2">
          <SearchInput
            id={`${id}-q`}
            name="q"
            className="flex min-w-0 flex-1 basis-64 flex-col gap-1"
            label={<Trans>Search requests</Trans>}
            placeholder={t`Number, national ID, mobile, name, meter…`}
            value={q}
            onChange={setQ}
            maxLength={100}
            dir="auto"
          />
          <button type="submit" className="btn-primary">
            <Trans>Search</Trans>
          </button>
          <button
            type="button"
            className="btn-outline"
            aria-expanded={open}
            aria-controls={`${id}-panel`}
            onClick={() => setOpen((o) => !o)}
          >
            <Trans>Filters</Trans>
            {chips.length > 0 && (
              <span className="rounded-full bg-brand px-2 text-sm text-white">{formatNumber(lang, chips.length)}</span>
            )}
          </button>
        </div>
        <div id={`${id}-panel`} hidden={!open} className="mt-2 rounded-xl border border-line bg-card p-4">
          <p className="mb-3 text-sm text-ink-muted">
            <Trans>
              The search looks in the request number, national ID, mobile number, citizen name, and the request's values such as a
              meter number.
            </Trans>
          </p>
          <div className="grid gap-3 md:grid-cols-3">
            <ServiceStatusSelects
              id={id}
              services={services}
              statuses={statuses}
              serviceProps={{ name: 'service', defaultValue: search.service ?? '' }}
              statusProps={{ name: 'status', defaultValue: search.status ?? '' }}
            />
            <Field id={`${id}-since`} label={<Trans>Status changed since</Trans>}>
              <select name="since" className="input" defaultValue={search.since ?? ''}>
                <option value="">{t`Any time`}</option>
                {sinceChoices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
                {search.since && !sinceChoices.some((c) => c.value === search.since) && (
                  <option value={search.since}>{formatDate(lang, search.since)}</option>
                )}
              </select>
            </Field>
            <fieldset className="flex flex-wrap gap-x-5 gap-y-2 md:col-span-3">
              <legend className="sr-only">
                <Trans>Show only</Trans>
              </legend>
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="mine" defaultChecked={search.mine ?? false} className="size-5" />
                <Trans>Assigned to me</Trans>
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="escalated" defaultChecked={search.escalated ?? false} className="size-5" />
                <Trans>Escalated</Trans>
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="comments" defaultChecked={search.comments ?? false} className="size-5" />
                <Trans>With citizen comments</Trans>
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name="fee" defaultChecked={search.fee ?? false} className="size-5" />
                <Trans>Waiting for payment</Trans>
              </label>
            </fieldset>
            <div className="md:col-span-3">
              <button type="submit" className="btn-primary">
                <Trans>Apply the filters</Trans>
              </button>
            </div>
          </div>
          {more && <div className="mt-4 border-t border-line pt-4">{more}</div>}
        </div>
      </form>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t`Filters in force`}>
          {chips.map((c) => (
            <li key={c.key} className="flex items-center gap-1 rounded-full border border-line bg-card ps-3 text-sm">
              <span dir="auto">{c.label}</span>
              <button
                type="button"
                className="flex size-11 items-center justify-center rounded-full"
                aria-label={removeLabel(c.label)}
                onClick={() => onSearch({ ...search, ...c.clear, page: undefined })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
