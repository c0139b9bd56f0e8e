import type { TLang } from '../../../contract/common.ts';

/**
 * Locale formatting of spec section 4: Egyptian Arabic (Arabic-Indic digits, Egyptian month names) or US English
 * for numbers and money, and a fixed day-month-year date in Cairo time whatever the browser's zone.
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

function cached<F>(cache: Map<TLang, F>, lang: TLang, make: () => F): F {
  let f = cache.get(lang);
  if (!f) {
    f = make();
    cache.set(lang, f);
  }
  return f;
}

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

/**
 * A date as day, month name, year ('5 October 2026', '٥ أكتوبر ٢٠٢٦') on the Cairo calendar day.
 * Built from formatToParts so the order stays day-month-year whatever a locale's default pattern is.
 * An unparseable value is shown as given (an invalid Date as ''), so one bad record cannot break a page.
 */
export function formatDate(lang: TLang, isoOrDate: string | Date): string {
  const date = typeof isoOrDate === 'string' ? new Date(isoOrDate) : isoOrDate;
  if (Number.isNaN(date.getTime())) return typeof isoOrDate === 'string' ? isoOrDate : '';
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

/** Wraps a value in FSI … PDI so it keeps its own direction inside text of the other direction. */
export function isolateLtr(text: string): string {
  return `${FSI}${text}${PDI}`;
}
