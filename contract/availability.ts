import type { TActivationWindow } from './catalog.ts';

/**
 * Service availability (spec sections 3 and 4), shared by the server (derived `isActive`) and the client
 * (status label, card rules). Dates are calendar days in Egypt's time zone: a service "until 2027-12-31" is
 * open for the whole of that day in Cairo, whatever the server's zone.
 */
export type AvailabilityInput = {
  deactivated: boolean;
  fromDate: string | null;
  toDate: string | null;
  activation: TActivationWindow;
  release: string;
};

/**
 * Whether a service is offered to a user type (issue 26, decision 074): one that names no type is everyone's, a
 * visitor's too (`null`); one that names some is theirs only. Staff and agents are not asked (they see every service).
 */
export function offeredTo(s: { userTypes?: readonly string[] | undefined }, userType: string | null): boolean {
  const types = s.userTypes ?? [];
  return types.length === 0 || (userType !== null && types.includes(userType));
}

export type AvailabilityStatus = 'active' | 'alwaysActive' | 'aboutToBeActive' | 'expired' | 'deactivated';

export const SERVICE_TIME_ZONE = 'Africa/Cairo';

// Made once: building an Intl formatter costs far more than using one (this runs on every catalog read).
let cairoFormat: Intl.DateTimeFormat | undefined;

/** Today's calendar date in Cairo as YYYY-MM-DD. */
export function cairoDate(now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  cairoFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return cairoFormat.format(now);
}

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

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function availability(s: AvailabilityInput, now: Date = new Date()): AvailabilityStatus {
  if (s.deactivated) return 'deactivated';
  const today = cairoDate(now);
  if (s.fromDate && s.toDate) {
    if (today < s.fromDate) return 'aboutToBeActive';
    if (today > s.toDate) return 'expired';
  }
  const w = s.activation;
  switch (w.kind) {
    case 'permanent':
      return s.fromDate && s.toDate ? 'active' : 'alwaysActive';
    case 'until':
      return today <= w.date ? 'active' : 'expired';
    case 'monthly': {
      const day = Number(today.slice(8, 10));
      return day >= w.minDay && day <= w.maxDay ? 'active' : 'aboutToBeActive';
    }
    case 'afterDelay':
      return today >= addDays(s.release, w.delayDays) ? 'active' : 'aboutToBeActive';
  }
}

export const isAvailable = (s: AvailabilityInput, now?: Date): boolean => {
  const status = availability(s, now);
  return status === 'active' || status === 'alwaysActive';
};

/** The activation period label: `YYYY/MM/DD - YYYY/MM/DD`, or null for an open service. */
export function activationPeriod(s: Pick<AvailabilityInput, 'fromDate' | 'toDate'>): string | null {
  if (!s.fromDate || !s.toDate) return null;
  const fmt = (d: string) => d.replaceAll('-', '/');
  return `${fmt(s.fromDate)} - ${fmt(s.toDate)}`;
}
