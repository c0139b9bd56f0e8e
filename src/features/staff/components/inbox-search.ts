import type { TLocalized } from '../../../../contract/common.ts';
import type { TInboxFilter } from '../../../../contract/staff.ts';
import { addDays, cairoDate, SERVICE_TIME_ZONE } from '../../../../contract/availability.ts';

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

let wallClock: Intl.DateTimeFormat | undefined;
/** The instant a Cairo calendar day (YYYY-MM-DD) starts, as an ISO time: midnight there, in summer time or not. */
export function cairoStartOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y!, m! - 1, d!);
  wallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVICE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const part = (type: string) => Number(wallClock!.formatToParts(utcMidnight).find((p) => p.type === type)?.value);
  // Cairo's clock at UTC midnight, read as if it were UTC: the difference is the zone's offset that day.
  const cairoWall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return new Date(utcMidnight - (cairoWall - utcMidnight)).toISOString();
}
