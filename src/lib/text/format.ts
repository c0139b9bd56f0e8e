import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TLang } from '../../../contract/common.ts';
import { durationParts } from '../../../contract/duration.ts';
import { localDigits } from '../locale.ts';

/**
 * Every date, time, amount, number and file size the interface writes (docs/decisions/042-a-small-ui-kit.md):
 * spec section 4's Egyptian Arabic or US English, moments on the Cairo calendar and clock whatever the device's
 * zone, and decision 015's digits (Arabic-Indic in Arabic). No screen builds its own `Intl` date format.
 *
 * - date '5 October 2026' / '٥ أكتوبر ٢٠٢٦'; time '14:30' / '١٤:٣٠' (24-hour); date and time
 *   '5 October 2026, 14:30' / '٥ أكتوبر ٢٠٢٦، ١٤:٣٠'; month 'March 2026' / 'مارس ٢٠٢٦';
 * - money: pounds with the locale's currency sign and piastres; amounts kept in piastres go through
 *   `formatPiastres`, the only division by 100;
 * - file size: B, KB, MB (1,024 steps), at most one decimal, units from the catalog;
 * - duration: minutes in natural units ('24 hours', not '1440 minutes'; contract/duration.ts).
 *
 * An unparseable value is shown as given (an invalid Date as ''), so one bad record cannot break a page.
 */

const CAIRO_TZ = 'Africa/Cairo';
const CURRENCY = 'EGP';
// First strong isolate … pop directional isolate: keeps a meter number or phone number in its own direction
// inside Arabic text without needing markup (plain-text contexts: titles, aria labels, share text, SMS).
const FSI = '\u2068';
const PDI = '\u2069';

/** The Intl locale for numbers and money: 'ar-EG' (Arabic-Indic digits) or 'en-US'. */
export function numberLocale(lang: TLang): 'ar-EG' | 'en-US' {
  return lang === 'ar' ? 'ar-EG' : 'en-US';
}

// Intl constructors are costly, and long lists format one value per row: build each formatter once.
const numberFormats = new Map<TLang, Intl.NumberFormat>();
const moneyFormats = new Map<TLang, Intl.NumberFormat>();
const dateFormats = new Map<TLang, Intl.DateTimeFormat>();
const monthFormats = new Map<TLang, Intl.DateTimeFormat>();
let clockFormat: Intl.DateTimeFormat | undefined;

function cached<F>(cache: Map<TLang, F>, lang: TLang, make: () => F): F {
  let f = cache.get(lang);
  if (!f) {
    f = make();
    cache.set(lang, f);
  }
  return f;
}

/** A Date from an ISO text, a Date or epoch milliseconds; undefined when it is not a moment. */
function momentOf(value: string | number | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
const asGiven = (value: string | number | Date): string => (typeof value === 'string' ? value : '');

export function formatNumber(lang: TLang, n: number): string {
  return cached(numberFormats, lang, () => new Intl.NumberFormat(numberLocale(lang))).format(n);
}

/** An amount in Egyptian pounds, with the locale's own currency sign and piastres (e.g. 'EGP 1,250.50'). */
export function formatMoney(lang: TLang, amount: number): string {
  return cached(
    moneyFormats,
    lang,
    () => new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency: CURRENCY }),
  ).format(amount);
}

/** An amount kept in piastres (bills, fees, payments), shown in Egyptian pounds: the only division by 100. */
export function formatPiastres(lang: TLang, piastres: number): string {
  return formatMoney(lang, piastres / 100);
}

/**
 * A date as day, month name, year ('5 October 2026', '٥ أكتوبر ٢٠٢٦') on the Cairo calendar day.
 * Built from formatToParts so the order stays day-month-year whatever a locale's default pattern is.
 */
export function formatDate(lang: TLang, value: string | number | Date): string {
  const date = momentOf(value);
  if (!date) return asGiven(value);
  const parts = cached(
    dateFormats,
    lang,
    () =>
      new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: CAIRO_TZ,
      }),
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return [part('day'), part('month'), part('year')].join(' ');
}

/** A time of day on Cairo's clock, 24-hour: '14:30' / '١٤:٣٠'. */
export function formatTime(lang: TLang, value: string | number | Date): string {
  const date = momentOf(value);
  if (!date) return asGiven(value);
  // The clock's digits come out Latin and go through the one digit rule (decision 015).
  clockFormat ??= new Intl.DateTimeFormat('en-GB', {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- Intl options
    hour: '2-digit',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- Intl options
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: CAIRO_TZ,
  });
  return localDigits(lang, clockFormat.format(date));
}

/** A moment as date and time in Cairo: '5 October 2026, 14:30' / '٥ أكتوبر ٢٠٢٦، ١٤:٣٠'. */
export function formatDateTime(lang: TLang, value: string | number | Date): string {
  const date = momentOf(value);
  if (!date) return asGiven(value);
  return `${formatDate(lang, date)}${lang === 'ar' ? '، ' : ', '}${formatTime(lang, date)}`;
}

/** A month (`YYYY-MM`, a bill's period) as month name and year: 'March 2026' / 'مارس ٢٠٢٦'. */
export function formatMonth(lang: TLang, period: string): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m || m > 12) return period;
  const f = cached(
    monthFormats,
    lang,
    () => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { month: 'long', year: 'numeric', timeZone: CAIRO_TZ }),
  );
  // Mid-month noon: the same month in any zone.
  return f.format(new Date(Date.UTC(y, m - 1, 15, 12)));
}

const KB = 1024;
const MB = 1024 * 1024;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * A file size in the language's digits and units: '512 B', '820.4 KB', '1.4 MB' / '٨٢٠٫٤ ك.ب'. The units are
 * catalog texts, so this one takes the screen's `i18n` (from `useLingui`) rather than a language.
 */
export function formatFileSize(i18n: I18n, bytes: number): string {
  const lang = i18n.locale as TLang;
  // 1,023.95 KB would round to 1,024 KB: shown as 1 MB instead.
  const unit = bytes < KB ? 'B' : oneDecimal(bytes / KB) < KB ? 'KB' : 'MB';
  const size = formatNumber(lang, unit === 'B' ? bytes : oneDecimal(bytes / (unit === 'KB' ? KB : MB)));
  if (unit === 'B') return i18n._(msg`${size} B`);
  return unit === 'KB' ? i18n._(msg`${size} KB`) : i18n._(msg`${size} MB`);
}

/**
 * A duration given in minutes, in natural units and the language's digits: '10 minutes', '24 hours', '7 days' /
 * '٢٤ ساعة' (whole hours up to three days, whole days beyond; contract/duration.ts). Takes the screen's `i18n`.
 */
export function formatDuration(i18n: I18n, minutes: number): string {
  const { count, unit } = durationParts(minutes);
  if (unit === 'day') return i18n._(msg({ message: plural(count, { one: '# day', other: '# days' }) }));
  if (unit === 'hour') return i18n._(msg({ message: plural(count, { one: '# hour', other: '# hours' }) }));
  return i18n._(msg({ message: plural(count, { one: '# minute', other: '# minutes' }) }));
}

/** Wraps a value in FSI … PDI so it keeps its own direction inside text of the other direction. */
export function isolateLtr(text: string): string {
  return `${FSI}${text}${PDI}`;
}
