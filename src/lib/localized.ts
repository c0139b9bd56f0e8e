import type { TLang } from '../../contract/common.ts';

/** Picks the current language's entry of a `{ ar, en }` text or of a `translations` object. */
export const pick = <T>(value: { ar: T; en: T }, lang: TLang): T => value[lang];
