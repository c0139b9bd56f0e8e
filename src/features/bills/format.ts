import type { TLang } from '../../../contract/common.ts';
import { formatMoney } from '../../lib/text/format.ts';

/** An amount kept in piastres, shown in Egyptian pounds with the locale's digits (the only division by 100). */
export const formatPiastres = (lang: TLang, piastres: number): string => formatMoney(lang, piastres / 100);

const monthFormats = new Map<TLang, Intl.DateTimeFormat>();

/** A month of entitlement (`YYYY-MM`) as month name and year ('March 2026', 'مارس ٢٠٢٦'). */
export function formatPeriod(lang: TLang, period: string): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m) return period;
  let f = monthFormats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(lang, f);
  }
  return f.format(new Date(Date.UTC(y, m - 1, 15)));
}
