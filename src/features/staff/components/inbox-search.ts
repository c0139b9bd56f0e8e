import type { TLocalized } from '../../../../contract/common.ts';
import type { TInboxFilter } from '../../../../contract/staff.ts';

/** The inbox's state in the address (the route validates it). */
export type StaffInboxSearch = {
  q?: string | undefined;
  service?: string | undefined;
  status?: string | undefined;
  mine?: boolean | undefined;
  escalated?: boolean | undefined;
  comments?: boolean | undefined;
  since?: string | undefined;
  page?: number | undefined;
};

export type Option = { value: string; label: TLocalized };

export const INBOX_PAGE_SIZE = 20;

/** Spec section 9: a table column is at least 200 px wide, or 10 px per character of its title. */
export const columnWidth = (title: string): number => Math.max(200, 10 * title.length);

/** The server's filter for what the address says. */
export function filterOf(s: StaffInboxSearch): TInboxFilter {
  return {
    ...(s.q ? { q: s.q } : {}),
    ...(s.service ? { serviceSlug: s.service } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.mine ? { assignedToMe: true } : {}),
    ...(s.escalated ? { escalated: true } : {}),
    ...(s.comments ? { citizenComments: true } : {}),
    // The start of that day, on this device's clock.
    ...(s.since ? { statusChangedSince: startOfDay(s.since) } : {}),
    limit: INBOX_PAGE_SIZE,
    skip: ((s.page ?? 1) - 1) * INBOX_PAGE_SIZE,
  };
}

const startOfDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toISOString();
};
