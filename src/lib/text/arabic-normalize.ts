/**
 * Arabic-aware text normalisation for search (spec: service search matches the label only, Arabic-normalised);
 * the search itself (stems, synonyms, ranking) is src/lib/text/search.ts.
 * People type Arabic inconsistently (with or without hamza, ة vs ه, ى vs ي, diacritics, Arabic-Indic digits),
 * so both the label and the query are folded to one spelling before comparing.
 */

// Letter variants folded to the spelling most people type on a phone keyboard.
const LETTER_MAP: Readonly<Record<string, string>> = {
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0671': '\u0627', // ٱ → ا
  '\u0649': '\u064A', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u0624': '\u0648', // ؤ → و
  '\u0626': '\u064A', // ئ → ي
};

// Tashkeel (fathatan … sukun), superscript alef and tatweel carry no meaning for matching.
const MARKS = /[\u064B-\u0652\u0670\u0640]/g;
const LETTERS = /[\u0623\u0625\u0622\u0671\u0649\u0629\u0624\u0626]/g;
// Arabic-Indic (٠-٩, U+0660) and Eastern Arabic-Indic (۰-۹, U+06F0) digits, so '٣' finds '3'.
const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Folds a string to the comparison form used by search; idempotent. */
export function normalizeArabic(s: string): string {
  return (
    s
      // NFC first so decomposed input (ا + U+0654) becomes أ and is then folded like typed أ.
      .normalize('NFC')
      .replace(MARKS, '')
      .replace(LETTERS, (c) => LETTER_MAP[c] ?? c)
      // Both digit blocks start on a multiple of 16, so the low nibble is the digit's value.
      .replace(DIGITS, (c) => String((c.codePointAt(0) ?? 0) & 0xf))
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}
