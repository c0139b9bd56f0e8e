/*
 * The browser's visitor id (decision 038): a random value in a cookie that the server scopes a visitor's
 * Idempotency-Keys by, so that another visitor replaying a key gets nothing of this one's (an anonymous filer's
 * owner token comes back in a replay). Made here, before the first write leaves, so that the first attempt and
 * the outbox's replays of it from this browser carry the same id even when the first answer (which would set
 * it) is lost. The server makes one (HttpOnly) for a client that sends none; a script cannot replace that one.
 */

const MAX_AGE_S = 400 * 86_400;

/** The cookie's name: `__Host-` on https, as the server reads it. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- cookie names, not interface text
export const visitorCookieName = (https: boolean): string => (https ? '__Host-kahraba_visitor' : 'kahraba_visitor');

/** Makes the visitor id cookie when the browser has none it can see (and renews its age): before every write with a key. */
export function ensureVisitorCookie(
  doc: Pick<Document, 'cookie'> | undefined = globalThis.document,
  https = globalThis.location?.protocol === 'https:',
): void {
  if (!doc) return;
  const name = visitorCookieName(https);
  const existing = doc.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const bytes = new Uint8Array(32);
  const value =
    existing && /^[A-Za-z0-9_-]{22,128}$/.test(existing)
      ? existing
      : btoa(String.fromCharCode(...crypto.getRandomValues(bytes)))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
  // eslint-disable-next-line lingui/no-unlocalized-strings -- cookie attributes, not interface text
  doc.cookie = `${name}=${value}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${https ? '; Secure' : ''}`;
}
