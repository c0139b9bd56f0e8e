/*
 * What both sides share that needs no schema: the languages, the slug pattern, the plain-text rule and the e-mail
 * check. The browser's pages read these without loading the schema library (decision 035); contract/common.ts
 * builds its schemas on them (plain text is explained there).
 */

export const LANGS = ['ar', 'en'] as const;
export type TLang = (typeof LANGS)[number];
export const DEFAULT_LANG: TLang = 'ar';

/** A slug as the spec writes them (CODEMETER, ADD_METER, tickets, power-connection-investment). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;

/** C0 controls (tab and line breaks included: plain text is one line), DEL, and the bidi overrides and isolates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const PLAIN_TEXT_FORBIDDEN = /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
export const isPlainText = (s: string): boolean => !PLAIN_TEXT_FORBIDDEN.test(s);

/** An e-mail address's pattern (zod's "practical" one, which `ZEmail` uses too). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** What `ZEmail` accepts (contract/common.ts): trimmed, at most 254 characters, plain text, the pattern. */
export const isEmail = (s: string): boolean => {
  const t = s.trim();
  return t.length <= 254 && isPlainText(t) && EMAIL_PATTERN.test(t);
};
