import { i18n } from '@lingui/core';
import type { TLang } from '../../contract/common.ts';
// Arabic is the default language: its catalog ships with the app so the first paint waits for no extra
// request. English is a lazy chunk, loaded only by those who chose it.
import { messages as arMessages } from '../locales/ar/messages.po';

export async function activateLanguage(lang: TLang): Promise<void> {
  const messages = lang === 'ar' ? arMessages : (await import('../locales/en/messages.po')).messages;
  i18n.loadAndActivate({ locale: lang, messages });
}

export { i18n };
