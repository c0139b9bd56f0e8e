import type { TLang } from '../../contract/common.ts';

/** Spec section 9: numbers in ar-EG and en-US. */
export const numberLocale = (lang: TLang): string => (lang === 'ar' ? 'ar-EG' : 'en-US');

export const formatNumber = (lang: TLang, n: number): string => new Intl.NumberFormat(numberLocale(lang)).format(n);
