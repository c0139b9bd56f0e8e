/**
 * Spec section 2: only Chrome, Chromium, Firefox, Safari and Opera are supported; others get a page listing
 * them. Browsers built on Chromium (Edge, Samsung Internet, Yandex) run the same engine, so they count as
 * Chromium (decision 006); old engines (Internet Explorer, legacy Edge) and unknown agents do not.
 */
export type BrowserName = 'chrome' | 'chromium' | 'firefox' | 'safari' | 'opera';

export function detectBrowser(ua: string): BrowserName | undefined {
  if (/MSIE |Trident\//.test(ua) || /Edge\/\d/.test(ua)) return undefined;
  if (/OPR\/|Opera/.test(ua)) return 'opera';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'firefox';
  if (/Chromium\//.test(ua)) return 'chromium';
  if (/CriOS\//.test(ua)) return 'chrome';
  if (/Chrome\//.test(ua)) return /Edg\/|SamsungBrowser|YaBrowser/.test(ua) ? 'chromium' : 'chrome';
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return 'safari';
  // iOS in-app and standalone web views have no "Safari/" token but are WebKit.
  if (/AppleWebKit\//.test(ua) && /iPhone|iPad|iPod/.test(ua)) return 'safari';
  return undefined;
}

export const isSupportedBrowser = (ua: string): boolean => detectBrowser(ua) !== undefined;

export const isMobileBrowser = (ua: string): boolean => /Android|iPhone|iPad|iPod|Mobile/.test(ua);

export const isIos = (ua: string): boolean => /iPhone|iPad|iPod/.test(ua);
