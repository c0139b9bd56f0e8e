import type { TLocalized } from '../../../../contract/common.ts';
import type { TInboxFilter } from '../../../../contract/staff.ts';
import { addDays, cairoDate, cairoStartOfDay } from '../../../../contract/availability.ts';

/** The inbox's state in the address (the route validates it). */
export type StaffInboxSearch = {
  q?: string | undefined;
  service?: string | undefined;
  status?: string | undefined;
  mine?: boolean | undefined;
  escalated?: boolean | undefined;
  comments?: boolean | undefined;
  /** Waiting for the fee: the citizen's payment, or the amount staff set. */
  fee?: boolean | undefined;
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
    ...(s.fee ? { feeDue: true } : {}),
    // The start of that day in Cairo, whatever the device's zone (decision 050).
    ...(s.since ? { statusChangedSince: cairoStartOfDay(s.since) } : {}),
    limit: INBOX_PAGE_SIZE,
    skip: ((s.page ?? 1) - 1) * INBOX_PAGE_SIZE,
  };
}

/** The calendar day `days` before today, in Cairo (YYYY-MM-DD). */
export const cairoDaysAgo = (days: number, now: Date = new Date()): string => addDays(cairoDate(now), -days);
