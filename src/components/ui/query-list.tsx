import { useEffect, useState, type ReactNode } from 'react';
import { ErrorPanel } from '../error-panel.tsx';
import { RowsSkeleton } from '../skeleton.tsx';
import { Pager, pageCount } from './pager.tsx';

/*
 * A list read from the server, drawn the one way (decision 074): rows of skeleton while it loads, the error panel
 * with a retry when it fails, a line saying there is nothing, or the items in a list with, when it is paged, the
 * one pager under them. Cards of work (follow-ups, messages, meters waiting, guides) are its items; tables of
 * figures are `DataTable`.
 */

/** A page of a list as the server answers it: its items and, when paged, how many there are in all. */
export type ListAnswer = { items: readonly unknown[]; total?: number };
/** An item of such an answer. */
export type ItemOf<D extends ListAnswer> = D['items'][number];

/** What a list query gives (TanStack Query's result has these). */
export type ListQuery<D extends ListAnswer> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: D | undefined;
  refetch: () => unknown;
};

/** A paged list's page (from 1) and what its query skips. */
export type Paging = { page: number; setPage: (page: number) => void; pageSize: number; skip: number };

export function usePaging(pageSize: number): Paging {
  const [page, setPage] = useState(1);
  return { page, setPage, pageSize, skip: (page - 1) * pageSize };
}

export function QueryList<D extends ListAnswer>({
  query,
  children,
  empty,
  skeleton = 3,
  className = 'grid gap-3',
  ordered = false,
  label,
  before,
  paging,
  testId,
}: {
  query: ListQuery<D>;
  /** An item as its `<li>` (with its key). */
  children: (item: ItemOf<D>, index: number) => ReactNode;
  /** Said instead of an empty list. */
  empty?: ReactNode;
  /** Rows of skeleton while loading. */
  skeleton?: number;
  className?: string;
  /** An `<ol>`: the order is what the list is about (guides as the library shows them). */
  ordered?: boolean;
  /** The list's accessible name, where the heading above does not say it. */
  label?: string;
  /** Above the items, once they are there (a count). */
  before?: (data: D) => ReactNode;
  /** Paged: the page and the pager's name ("Follow-up pages"). */
  paging?: (Paging & { label: string }) | undefined;
  testId?: string;
}) {
  const total = query.data ? (query.data.total ?? query.data.items.length) : 0;
  const pages = paging ? pageCount(total, paging.pageSize) : 1;
  // Deciding or closing the last item of the last page leaves that page empty: show the one before.
  const overshoot = paging !== undefined && query.data !== undefined && paging.page > pages;
  useEffect(() => {
    if (overshoot) paging?.setPage(pages);
  }, [overshoot, paging, pages]);

  if (query.isPending) return <RowsSkeleton count={skeleton} />;
  if (query.isError || !query.data) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  const { data } = query;
  if (data.items.length === 0 && empty !== undefined)
    return (
      <p className="text-ink-muted" data-testid={testId && `${testId}-empty`}>
        {empty}
      </p>
    );
  const List = ordered ? 'ol' : 'ul';
  return (
    <>
      {before?.(data)}
      <List className={className} aria-label={label} data-testid={testId}>
        {data.items.map(children)}
      </List>
      {paging && <Pager page={paging.page} pages={pages} label={paging.label} onPage={paging.setPage} />}
    </>
  );
}
