import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { Option, StaffInboxSearch } from './inbox-search.ts';

/** The inbox's search form: text, service, status, date and the "show only" boxes; submitting puts them in the address. */
export function InboxFilters({
  search,
  onSearch,
  services,
  statuses,
}: {
  search: StaffInboxSearch;
  onSearch: (next: StaffInboxSearch) => void;
  services: readonly Option[];
  statuses: readonly Option[];
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const [q, setQ] = useState(search.q ?? '');

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
      since: text('since'),
      page: undefined,
    });
  };
  // Drawn again when the address changes (a list button, back, forward): its fields show the filters in force.
  return (
    <form
      key={JSON.stringify({ ...search, q: undefined, page: undefined })}
      role="search"
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-line bg-card p-4 md:grid-cols-3"
    >
      <div className="flex flex-col gap-1 md:col-span-3">
        <label htmlFor={`${id}-q`} className="font-medium">
          <Trans>Search requests</Trans>
        </label>
        <input
          id={`${id}-q`}
          name="q"
          className="input"
          value={q}
          maxLength={100}
          dir="auto"
          onChange={(e) => setQ(e.target.value)}
          aria-describedby={`${id}-q-hint`}
        />
        <p id={`${id}-q-hint`} className="text-sm text-ink-muted">
          <Trans>
            Request number, national ID, mobile number, citizen name, or a value of the request such as a meter number.
          </Trans>
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-service`} className="font-medium">
          <Trans>Service</Trans>
        </label>
        <select id={`${id}-service`} name="service" className="input" defaultValue={search.service ?? ''}>
          <option value="">{t`All services`}</option>
          {services.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[lang]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="font-medium">
          <Trans>Status</Trans>
        </label>
        <select
          id={`${id}-status`}
          name="status"
          className="input"
          defaultValue={search.status ?? ''}
          disabled={statuses.length === 0}
          aria-describedby={statuses.length === 0 ? `${id}-status-hint` : undefined}
        >
          <option value="">{t`All statuses`}</option>
          {statuses.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[lang]}
            </option>
          ))}
        </select>
        {statuses.length === 0 && (
          <p id={`${id}-status-hint`} className="text-sm text-ink-muted">
            <Trans>Choose a service to filter by status.</Trans>
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-since`} className="font-medium">
          <Trans>Status changed since</Trans>
        </label>
        <input id={`${id}-since`} name="since" type="date" className="input" defaultValue={search.since ?? ''} />
      </div>
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2 md:col-span-3">
        <legend className="sr-only">
          <Trans>Show only</Trans>
        </legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="mine" defaultChecked={search.mine ?? false} className="size-5" />
          <Trans>Assigned to me</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="escalated" defaultChecked={search.escalated ?? false} className="size-5" />
          <Trans>Escalated</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="comments" defaultChecked={search.comments ?? false} className="size-5" />
          <Trans>With citizen comments</Trans>
        </label>
      </fieldset>
      <div className="md:col-span-3">
        <button type="submit" className="btn-primary">
          <Trans>Search</Trans>
        </button>
      </div>
    </form>
  );
}
