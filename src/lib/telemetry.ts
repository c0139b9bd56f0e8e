import { routes } from '../../contract/refs/routes.ts';
import { apiCall } from './api-client.ts';
import { currentLang } from './locale.ts';

/**
 * Error reports and time on page (spec section 4 "Error boundary"): stored by the server for the staff
 * dashboard. Reporting must never break the page: every failure here is swallowed.
 */
export function reportError(error: unknown, user?: { userId?: string; userSlug?: string }): void {
  const e = error instanceof Error ? error : new Error(String(error));
  void apiCall(routes.clientErrorReport, {
    body: {
      message: e.message.slice(0, 2000) || e.name,
      ...(e.stack ? { stack: e.stack.slice(0, 8000) } : {}),
      pageUrl: window.location.href.slice(0, 2000),
      ...(user?.userId ? { userId: user.userId } : {}),
      ...(user?.userSlug ? { userSlug: user.userSlug } : {}),
      lang: currentLang(),
      userAgent: navigator.userAgent.slice(0, 500),
      occurredAt: new Date().toISOString(),
    },
  }).catch(() => undefined);
}

let pageStart = Date.now();
let pageUrl = typeof window === 'undefined' ? '' : window.location.href;

/** Sends the seconds spent on the page being left. sendBeacon survives the page closing. */
export function reportPageTime(nextUrl?: string): void {
  const seconds = Math.min(86_400, Math.round((Date.now() - pageStart) / 1000));
  const body = JSON.stringify({ pageUrl: pageUrl.slice(0, 2000), seconds, lang: currentLang() });
  pageStart = Date.now();
  if (nextUrl) pageUrl = nextUrl;
  if (seconds < 1) return;
  try {
    if (!navigator.sendBeacon?.(routes.pageTime.path, body)) {
      void fetch(routes.pageTime.path, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'application/json' },
      }).catch(() => undefined);
    }
  } catch {
    /* never let telemetry break navigation */
  }
}

export function startPageTimeReporting(): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reportPageTime();
  });
}
