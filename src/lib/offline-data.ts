/*
 * A signed-in citizen's own data kept on the device for offline use (decision 053): bills, requests, a request,
 * papers (meters are keyed by the user already). Marked `meta: USER_DATA`, these answers are written to the
 * persisted query cache (src/lib/query-persistence.ts) in the citizen build only, while the user is signed in and
 * for at most USER_DATA_MAX_AGE_MS after they were read; a sign-out, another user's sign-in or a 401 removes them
 * (src/lib/session.ts, by their keys' roots).
 */

/** The query meta of a signed-in citizen's own answers (kept offline for that user only). */
export const USER_DATA = { persist: 'user' } as const;

/** An answer about the user's own bills or requests older than this is not kept on the device. */
export const USER_DATA_MAX_AGE_MS = 30 * 86_400_000;

/** The first words of the keys of a user's own data: what a sign-out removes, whether or not a screen has read it. */
export const USER_DATA_ROOTS: ReadonlySet<unknown> = new Set(['meters', 'bills', 'requests', 'drafts']);

/**
 * Stale at once while online, so that a page shown reads again (and shows the kept copy meanwhile); never while
 * offline: the kept copy is shown as it is, with its age (src/components/data-age.tsx), instead of a failing read.
 */
export const freshWhileOnline = (): number => (typeof navigator !== 'undefined' && !navigator.onLine ? Infinity : 0);
