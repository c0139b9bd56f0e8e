import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { Field } from '../../../components/ui/field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
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
      <SearchInput
        id={`${id}-q`}
        name="q"
        className="flex flex-col gap-1 md:col-span-3"
        label={<Trans>Search requests</Trans>}
        hint={
          <Trans>
            Request number, national ID, mobile number, citizen name, or a value of the request such as a meter number.
          </Trans>
        }
        value={q}
        onChange={setQ}
        maxLength={100}
        dir="auto"
      />
      <Field id={`${id}-service`} label={<Trans>Service</Trans>}>
        <select name="service" className="input" defaultValue={search.service ?? ''}>
          <option value="">{t`All services`}</option>
          {services.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[lang]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}-status`}
        label={<Trans>Status</Trans>}
        hint={statuses.length === 0 ? <Trans>Choose a service to filter by status.</Trans> : undefined}
      >
        <select name="status" className="input" defaultValue={search.status ?? ''} disabled={statuses.length === 0}>
          <option value="">{t`All statuses`}</option>
          {statuses.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label[lang]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-since`} label={<Trans>Status changed since</Trans>}>
        <input name="since" type="date" className="input" defaultValue={search.since ?? ''} />
      </Field>
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
