import type { TCitizenFinanceQuery } from '../../../contract/finance.ts';
import type { TInboxFilter } from '../../../contract/staff.ts';

/** The staff workspace's query keys (every answer private). */
export const staffKeys = {
  all: ['staff'] as const,
  inboxes: ['staff', 'inbox'] as const,
  inbox: (filter: TInboxFilter) => ['staff', 'inbox', filter] as const,
  count: (filter: TInboxFilter) => ['staff', 'inbox-count', filter] as const,
  one: (serviceSlug: string, id: string) => ['staff', 'request', serviceSlug, id] as const,
  colleagues: (serviceSlug: string, id: string) => ['staff', 'colleagues', serviceSlug, id] as const,
  companies: ['staff', 'installation-companies'] as const,
  guides: ['staff', 'user-guides'] as const,
  /** A citizen's finance view; with a page, that page (the bare key reaches every page). */
  finance: (citizenId: string, page?: TCitizenFinanceQuery) =>
    page ? (['staff', 'citizen-finance', citizenId, page] as const) : (['staff', 'citizen-finance', citizenId] as const),
};
