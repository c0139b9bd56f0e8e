/*
 * What both sides share that needs no schema: the languages and the slug pattern. The browser's first page reads
 * these without loading the schema library (decision 035); contract/common.ts builds its schemas on them.
 */

export const LANGS = ['ar', 'en'] as const;
export type TLang = (typeof LANGS)[number];
export const DEFAULT_LANG: TLang = 'ar';

/** A slug as the spec writes them (CODEMETER, ADD_METER, tickets, power-connection-investment). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;
