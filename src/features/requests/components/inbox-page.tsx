import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { TLocalized } from '../../../../contract/common.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { DataAge } from '../../../components/data-age.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { APP_KIND, SEARCH_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { PAGE_SIZE, useInbox, type InboxFilters } from '../api/requests.ts';
import { Pager, pageCount } from '../../../components/ui/pager.tsx';
import { ServiceStatusSelects } from '../../../components/request-filter-selects.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { RequestList } from './inbox-list.tsx';

export type InboxSearch = {
  tab?: 'requests' | 'drafts' | undefined;
  service?: string | undefined;
  status?: string | undefined;
  number?: string | undefined;
  page?: number | undefined;
};

export type Option = { value: string; label: TLocalized };

/**
 * /inbox (spec section 2 "Drafts and my requests"): my requests across services, filtered by service and status,
 * searched by number, paged; and my drafts. The filters live in the address (`?service=…&status=…&number=…`), so
 * a service card's "My requests" opens the list of that service and a reload keeps it.
 */
export function InboxPage({
  search,
  onSearch,
  services,
  statuses,
  drafts,
}: {
  search: InboxSearch;
  onSearch: (next: InboxSearch) => void;
  /** Services to filter by (slug and label). */
  services: readonly Option[];
  /** The chosen service's statuses (none until a service is chosen). */
  statuses: readonly Option[];
  /** The drafts tab's content (the filing screens' drafts table). */
  drafts: ReactNode;
}) {
  const tab = search.tab === 'drafts' ? 1 : 0;
  return (
    <section aria-labelledby="inbox-title" className="flex flex-col gap-4">
      <h1 id="inbox-title" className="text-2xl font-bold">
        {/* The agent build's inbox is the citizen acted for's (decision 050). */}
        {APP_KIND === 'agent' ? <Trans>The citizen's requests</Trans> : <Trans>My requests</Trans>}
      </h1>
      <TabGroup
        selectedIndex={tab}
        onChange={(i) => onSearch({ ...search, tab: i === 1 ? 'drafts' : undefined, page: undefined })}
      >
        <TabList className="flex gap-2 border-b border-line">
          {[<Trans key="r">Requests</Trans>, <Trans key="d">Drafts</Trans>].map((label, i) => (
            <Tab
              key={i}
              className="-mb-px min-h-11 border-b-2 border-transparent px-4 font-medium data-[selected]:border-brand data-[selected]:text-brand"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          <TabPanel>
            <Requests search={search} onSearch={onSearch} services={services} statuses={statuses} />
          </TabPanel>
          <TabPanel>{drafts}</TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}

const LABEL = 'text-sm font-medium';

function Requests({
  search,
  onSearch,
  services,
  statuses,
}: {
  search: InboxSearch;
  onSearch: (next: InboxSearch) => void;
  services: readonly Option[];
  statuses: readonly Option[];
}) {
  const { t } = useLingui();
  const id = useId();
  const page = search.page ?? 1;
  const filters: InboxFilters = { service: search.service, status: search.status, number: search.number, page };
  const inbox = useInbox(filters);
  const [number, setNumber] = useState(search.number ?? '');

  // The number search follows typing after a pause (spec section 9: search debounce).
  useEffect(() => {
    const typed = number.trim();
    const timer = setTimeout(() => {
      if ((search.number ?? '') !== typed) onSearch({ ...search, number: typed || undefined, page: undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [number, search, onSearch]);

  const total = inbox.data?.total ?? 0;
  const filtered = Boolean(search.service || search.status || search.number);

  return (
    <div className="flex flex-col gap-4">
      <form
        role="search"
        aria-label={t`Filter my requests`}
        className="grid gap-3 rounded-xl border border-line bg-card p-3 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <ServiceStatusSelects
          id={id}
          services={services}
          statuses={statuses}
          labelClassName={LABEL}
          serviceProps={{
            value: search.service ?? '',
            onChange: (e) => onSearch({ ...search, service: e.target.value || undefined, status: undefined, page: undefined }),
          }}
          statusProps={{
            value: search.status ?? '',
            onChange: (e) => onSearch({ ...search, status: e.target.value || undefined, page: undefined }),
          }}
        />
        <SearchInput
          id={`${id}-number`}
          label={<Trans>Request number</Trans>}
          labelClassName={LABEL}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          value={number}
          clean={(typed) => typed.replace(/[^A-Za-z0-9_-]/g, '')}
          onChange={setNumber}
        />
      </form>

      <DataAge updatedAt={inbox.data ? inbox.dataUpdatedAt : undefined} failed={inbox.isError} />
      {inbox.isPending ? (
        <RowsSkeleton />
      ) : !inbox.data ? (
        <ErrorPanel error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.items.length === 0 ? (
        <div className="rounded-xl border border-line bg-card p-6 text-center">
          <p>
            {filtered ? <Trans>No requests match these filters.</Trans> : <Trans>You have not submitted any requests yet.</Trans>}
          </p>
          {!filtered && (
            <Link to="/services" className="btn-primary mt-4">
              <Trans>Browse services</Trans>
            </Link>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite">
            <Trans>Requests found: {total}</Trans>
          </p>
          <RequestList items={inbox.data.items} />
          <Pager
            page={page}
            pages={pageCount(inbox.data.total, PAGE_SIZE)}
            label={t`Request pages`}
            onPage={(p) => onSearch({ ...search, page: p })}
          />
        </>
      )}
    </div>
  );
}
