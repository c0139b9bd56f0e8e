import { i18n } from '@lingui/core';
import type { TLang } from '../../contract/common.ts';
import { localDigits } from './locale.ts';
import { APP_KIND } from './constants.ts';
// Arabic is the default language: its catalog ships with the app so the first paint waits for no extra
// request. English is a lazy chunk, loaded only by those who chose it.
import { messages as arMessages } from '../locales/ar/messages.po';

/** The Intl locales of each language (spec section 9): plural `#` and Intl formats use them. */
const NUMBER_LOCALES: Record<TLang, string[]> = { ar: ['ar-EG'], en: ['en-US'] };

type Values = Record<string, unknown> | undefined;
// A number that prints in Arabic-Indic digits but still counts as the number for plural rules and Intl (`#`).
const arabicNumber = (n: number) => ({
  [Symbol.toPrimitive]: (hint: string) => (hint === 'number' ? n : localDigits('ar', n)),
});
const localiseValues = (values: Values): Values =>
  values && i18n.locale === 'ar'
    ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? arabicNumber(v) : v]))
    : values;

// Numbers given to a message (`{count}`, `{left}`) are written in the language's digits too: every translation
// (t, msg, <Trans>) goes through `_`, so this is the one place.
const translate = i18n._.bind(i18n) as (id: unknown, values?: Values, options?: unknown) => string;
const localised = ((id: unknown, values?: Values, options?: unknown) =>
  translate(
    typeof id === 'object' && id !== null && 'values' in id ? { ...id, values: localiseValues(id.values as Values) } : id,
    localiseValues(values),
    options,
  )) as typeof i18n._;
i18n._ = localised;
i18n.t = localised;

/**
 * A page's first Intl object costs the browser its Intl start-up (about 70 ms on a slow phone, any locale); plural
 * messages need one. Called in a task of its own before the first render, so that cost is not added to
 * the hydration's (decision 031).
 */
export function warmFormats(lang: TLang): void {
  new Intl.PluralRules(NUMBER_LOCALES[lang]).select(1);
  new Intl.NumberFormat(NUMBER_LOCALES[lang]).format(1);
}

export async function activateLanguage(lang: TLang): Promise<void> {
  const messages = lang === 'ar' ? arMessages : (await import('../locales/en/messages.po')).messages;
  i18n.loadAndActivate({ locale: lang, locales: NUMBER_LOCALES[lang], messages });
}

// Per language: the server draws pages in both (decision 031).
const account: Partial<Record<string, Promise<void>>> = {};
/**
 * The account screens' messages (sign-in, sign-up, codes, profile, agent) are a catalog of their own, loaded by
 * those routes' `beforeLoad` and, for a signed-in user, by the root route: the home page does not carry them.
 */
export function loadAccountMessages(): Promise<void> {
  const locale = i18n.locale;
  return (account[locale] ??= Promise.all([
    locale === 'en' ? import('../locales/en/account.po') : import('../locales/ar/account.po'),
    // The account and request error codes' messages (they add themselves to ERROR_MESSAGES).
    import('./account-error-messages.ts'),
    import('./meter-error-messages.ts'),
    // The codes only staff meet: the staff builds only.
    APP_KIND === 'citizen' ? undefined : import('./staff-error-messages.ts'),
  ]).then(
    ([m]) => i18n.load(locale, m.messages),
    (err: unknown) => {
      account[locale] = undefined;
      throw err;
    },
  ));
}

const reports: Partial<Record<string, Promise<void>>> = {};
/**
 * The report screens' and the dashboard's messages (issue 25): a catalog of the employee build's only (the other
 * builds do not ship it), loaded with those routes, after the account catalog (their filters and errors use it).
 */
export function loadReportsMessages(): Promise<void> {
  if (__APP_KIND__ !== 'employee') return Promise.resolve();
  const locale = i18n.locale;
  return (reports[locale] ??= Promise.all([
    loadAccountMessages(),
    locale === 'en' ? import('../locales/en/reports.po') : import('../locales/ar/reports.po'),
  ]).then(
    ([, m]) => i18n.load(locale, m.messages),
    (err: unknown) => {
      reports[locale] = undefined;
      throw err;
    },
  ));
}

const assistant: Partial<Record<string, Promise<void>>> = {};
/** Noor's panel's messages (decision 068), after the account catalog (the error codes' messages it shows). */
export function loadAssistantMessages(): Promise<void> {
  const locale = i18n.locale;
  return (assistant[locale] ??= Promise.all([
    loadAccountMessages(),
    locale === 'en' ? import('../locales/en/assistant.po') : import('../locales/ar/assistant.po'),
  ]).then(
    ([, m]) => i18n.load(locale, m.messages),
    (err: unknown) => {
      assistant[locale] = undefined;
      throw err;
    },
  ));
}

const tour: Partial<Record<string, Promise<void>>> = {};
/** The guided tour's messages (decision 073), loaded with its chunk when a tour starts. */
export function loadTourMessages(): Promise<void> {
  const locale = i18n.locale;
  return (tour[locale] ??= (locale === 'en' ? import('../locales/en/tour.po') : import('../locales/ar/tour.po')).then(
    (m) => i18n.load(locale, m.messages),
    (err: unknown) => {
      tour[locale] = undefined;
      throw err;
    },
  ));
}

export { i18n };
