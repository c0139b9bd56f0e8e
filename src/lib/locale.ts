import { DEFAULT_LANG, LANGS, type TLang } from '../../contract/basics.ts';

/**
 * Start-up rules of spec section 4 (language, direction, theme, cache version). Runs before React renders,
 * so the first paint already has the right direction and theme.
 */
export const CACHE_VERSION = 'v2';
const isLang = (v: string | null): v is TLang => v !== null && (LANGS as readonly string[]).includes(v);

let lang: TLang = DEFAULT_LANG;
export const currentLang = (): TLang => lang;
/** The server's render of a public page (src/entry-server.tsx) speaks the visitor's language. */
export const setLanguage = (next: TLang): void => {
  lang = next;
};
/**
 * The language is also a cookie, so that the server draws a public page in it (decision 031); the browser's
 * storage stays the rule.
 */
const rememberLanguage = (l: TLang, storage: Storage): void => {
  storage.setItem('lang', l);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not interface text
  document.cookie = `lang=${l}; path=/; max-age=31536000; samesite=lax`;
};
export const dirOf = (l: TLang): 'rtl' | 'ltr' => (l === 'ar' ? 'rtl' : 'ltr');

/*
 * Digits (docs/decisions/015-digits-in-arabic.md). In Arabic every number the interface writes (counts, days,
 * seconds, amounts, dates, the hotline, the figures of the catalog's texts) is written in Arabic-Indic digits
 * (spec section 9: numbers in ar-EG). Data shown back as it was typed or issued (national id, mobile, codes,
 * reference numbers, e-mails, versions) keeps its own digits, isolated left to right. A catalog text that must
 * show Latin digits (what to type into a Latin-only field) puts them in an isolate (U+2068 … U+2069).
 */
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
/** Latin digits written as Arabic-Indic ones; the `<0>` … `</0>` markers of translated messages are kept. */
export const arabicIndicDigits = (s: string): string =>
  s.replace(/<\/?\d+\/?>|\u2068[^\u2069]*\u2069|\d/g, (m) => (m.length === 1 ? ARABIC_INDIC[Number(m)]! : m));
/** A number or a figure in the language's digits: Arabic-Indic in Arabic, as given in English. */
export const localDigits = (l: TLang, value: number | string): string =>
  l === 'ar' ? arabicIndicDigits(String(value)) : String(value);

/** A `lang` query parameter is stored and removed from the address; else the stored language; else Arabic. */
export function resolveLanguage(loc: Location = window.location, storage: Storage = localStorage): TLang {
  const url = new URL(loc.href);
  const fromQuery = url.searchParams.get('lang');
  if (isLang(fromQuery)) storage.setItem('lang', fromQuery);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  const stored = storage.getItem('lang');
  lang = isLang(stored) ? stored : DEFAULT_LANG;
  rememberLanguage(lang, storage);
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
  return lang;
}

export type Theme = 'light' | 'dark';
/** Theme from storage, else the system preference; stored as dark or light. */
export function resolveTheme(storage: Storage = localStorage): Theme {
  const stored = storage.getItem('theme');
  const theme: Theme =
    stored === 'dark' || stored === 'light'
      ? stored
      : window.matchMedia?.('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light';
  storage.setItem('theme', theme);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  return theme;
}

const SAVED_CONFIG_PREFIXES = ['requestConfig:', 'userOrder', 'sorts', 'columns:'];
/**
 * A stored cache version other than v2 wipes saved request configs, the user-defined order and sorts (spec section
 * 5), and with the sorts the data tables' column choices (`columns:<table id>`, src/components/ui/column-choice.ts).
 */
export function applyCacheVersion(storage: Storage = localStorage): boolean {
  if (storage.getItem('userCacheVersion') === CACHE_VERSION) return false;
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key && SAVED_CONFIG_PREFIXES.some((p) => key.startsWith(p))) storage.removeItem(key);
  }
  storage.setItem('userCacheVersion', CACHE_VERSION);
  return true;
}

/** Changing the language reloads the page (spec: the language select reloads). */
export function switchLanguage(next: TLang): void {
  rememberLanguage(next, localStorage);
  window.location.reload();
}
