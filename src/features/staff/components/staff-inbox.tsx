import type { ReactNode } from 'react';
import type { TInboxFilter } from '../../../../contract/staff.ts';
import { useSavedSort } from '../saved-sort.ts';
import { InboxFilters } from './inbox-filters.tsx';
import { InboxLists } from './inbox-lists.tsx';
import { InboxOrder } from './inbox-order.tsx';
import { filterOf, type Option, type StaffInboxSearch } from './inbox-search.ts';
import { InboxTable } from './inbox-table.tsx';

export type { Option, StaffInboxSearch } from './inbox-search.ts';

/**
 * The staff inbox (spec sections 2 and 7 `/dynamic_services/inbox`): the requests this employee may act on,
 * searched by request data, receipt number and citizen data, filtered and paged on the server, refetched every
 * 90 s; with a service chosen, its own columns (`requestsInbox`). Its parts: the search bar (the filters and the
 * order fold under its "Filters" button, the filters in force shown as chips: decision 050), the two ready-made
 * lists, and the table (cards below a landscape tablet's width) with its pager.
 */
export function StaffInbox({
  title,
  search,
  onSearch,
  services,
  statuses,
}: {
  title: ReactNode;
  search: StaffInboxSearch;
  onSearch: (next: StaffInboxSearch) => void;
  services: readonly Option[];
  statuses: readonly Option[];
}) {
  const order = useSavedSort(search.service);
  const filter: TInboxFilter = { ...filterOf(search), sort: order.sort.sort, order: order.sort.order };
  const { limit: _l, skip: _s, escalated: _e, citizenComments: _c, feeDue: _f, sort: _so, order: _or, ...base } = filter;

  return (
    <div className="flex flex-col gap-4" data-testid="staff-inbox">
      <h1 className="text-2xl font-bold">{title}</h1>
      <InboxFilters
        search={search}
        onSearch={onSearch}
        services={services}
        statuses={statuses}
        more={<InboxOrder order={order} />}
      />
      <InboxLists search={search} onSearch={onSearch} base={base} />
      <InboxTable
        filter={filter}
        service={search.service}
        order={order}
        page={search.page ?? 1}
        onPage={(p) => onSearch({ ...search, page: p })}
      />
    </div>
  );
}
