/*
 * Where to go after signing in (spec section 2: "Anonymous users go to /login with their origin remembered").
 * Only same-site paths are followed: `/x`, never `//host`, `/\host`, a scheme or the sign-in pages themselves.
 */

const SIGN_IN_PAGES = /^\/(login|agent-login|auth-callback)(?:[/?#]|$)/;

export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value)) return undefined;
  if (SIGN_IN_PAGES.test(value)) return undefined;
  return value;
}

/** The external provider's round trip leaves the app: the target is kept in this tab until it comes back. */
const KEY = 'auth:redirect';

export function rememberRedirect(target: string | undefined): void {
  try {
    if (target) sessionStorage.setItem(KEY, target);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage disabled: the callback goes home */
  }
}

export function takeRememberedRedirect(): string | undefined {
  try {
    const v = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeRedirect(v);
  } catch {
    return undefined;
  }
}

/** The search parameters of /signup: the page to return to after the mobile is verified (issue 23). */
export type SignupSearch = { redirect?: string };

export function validateSignupSearch(search: Record<string, unknown>): SignupSearch {
  const redirect = safeRedirect(search.redirect);
  return redirect ? { redirect } : {};
}

/** The search parameters of /login: the remembered page, and why the user is here (idle sign-out). */
export type LoginSearch = { redirect?: string; expired?: boolean };

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const out: LoginSearch = {};
  const redirect = safeRedirect(search.redirect);
  if (redirect) out.redirect = redirect;
  if (search.expired === true || search.expired === 1 || search.expired === '1' || search.expired === 'true') out.expired = true;
  return out;
}

/**
 * The idle sign-out leaves a note for the sign-in page of this tab ("your session expired"), whichever
 * navigation gets there first: the countdown's own, or the guard of a private page.
 */
const EXPIRED_KEY = 'auth:expired';

export function markSessionExpired(): void {
  try {
    sessionStorage.setItem(EXPIRED_KEY, '1');
  } catch {
    /* storage disabled: the search parameter still says so */
  }
}

export function sessionExpiredNote(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionExpired(): void {
  try {
    sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    /* nothing to forget */
  }
}
