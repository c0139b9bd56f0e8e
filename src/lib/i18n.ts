import { i18n } from '@lingui/core';
import type { TLang } from '../../contract/common.ts';
// Arabic is the default language: its catalog ships with the app so the first paint waits for no extra
// request. English is a lazy chunk, loaded only by those who chose it.
import { messages as arMessages } from '../locales/ar/messages.po';

export async function activateLanguage(lang: TLang): Promise<void> {
  const messages = lang === 'ar' ? arMessages : (await import('../locales/en/messages.po')).messages;
  i18n.loadAndActivate({ locale: lang, messages });
}

let account: Promise<void> | undefined;
/**
 * The account screens' messages (sign-in, sign-up, codes, profile, agent) are a catalog of their own, loaded by
 * those routes' `beforeLoad` and, for a signed-in user, by the root route: the home page does not carry them.
 */
export function loadAccountMessages(): Promise<void> {
  account ??= (i18n.locale === 'en' ? import('../locales/en/account.po') : import('../locales/ar/account.po')).then(
    (m) => i18n.load(i18n.locale, m.messages),
    (err: unknown) => {
      account = undefined;
      throw err;
    },
  );
  return account;
}

export { i18n };
