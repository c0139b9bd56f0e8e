/* eslint-disable lingui/no-unlocalized-strings -- addresses and identifiers, not interface text */
/** Fixed facts of the portal (spec section 9) and outside links. */
/** A number, so that messages write it in the language's digits (decision 015). */
export const HOTLINE = 121;
export const APP_VERSION = __APP_VERSION__;
export const APP_KIND = __APP_KIND__;

export const SEARCH_DEBOUNCE_MS = 500;
export const LANDING_NEWS_COUNT = 3;
export const NEWS_TITLE_MAX = 20;
export const NEWS_BODY_MAX = 80;
export const FAQ_TEASER_COUNT = 4;

/** The service-quality line on WhatsApp (digits only, international format, for wa.me). */
export const SERVICE_QUALITY_WHATSAPP = '201000000121';

export const STORE_LINKS = {
  googlePlay: 'https://play.google.com/store/apps/details?id=eg.gov.kahraba',
  appStore: 'https://apps.apple.com/eg/app/kahraba/id0000000000',
} as const;

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/kahraba.eg',
  x: 'https://x.com/kahraba_eg',
  youtube: 'https://www.youtube.com/@kahraba-eg',
} as const;

export const docPath = (name: 'code-of-conduct' | 'citizen-guide', lang: 'ar' | 'en') => `/docs/${name}.${lang}.pdf`;

/** Cut a text to `max` characters at a word boundary where possible, with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
