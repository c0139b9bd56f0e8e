import { i18n } from '@lingui/core';
import type { TLang } from '../../contract/common.ts';

/** Loads one language's catalog (a lazy chunk each, so a visitor downloads only their language). */
export async function activateLanguage(lang: TLang): Promise<void> {
  const { messages } = lang === 'ar' ? await import('../locales/ar/messages.po') : await import('../locales/en/messages.po');
  i18n.loadAndActivate({ locale: lang, messages });
}

export { i18n };
