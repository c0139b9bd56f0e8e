/*
 * Idle sign-out (spec section 4 "Session": idle logout countdown). The time of the user's last activity is kept in
 * localStorage so that every tab of the portal shares it: activity in one tab keeps the others signed in too. The
 * server learns it through the activity heartbeat and ends the session on its own after the same timeout.
 */

export const LAST_ACTIVE_KEY = 'lastActiveAt';
export const LAST_BEAT_KEY = 'lastHeartbeatAt';
/** Activity closer together than this is one activity (pointer moves and scrolling fire many events). */
export const ACTIVITY_RESOLUTION_MS = 1000;

const readTime = (key: string): number | undefined => {
  const v = Number(localStorage.getItem(key));
  return Number.isFinite(v) && v > 0 ? v : undefined;
};

export const lastActiveAt = (): number | undefined => readTime(LAST_ACTIVE_KEY);
export const lastHeartbeatAt = (): number | undefined => readTime(LAST_BEAT_KEY);

export function markActive(now = Date.now(), force = false): void {
  const last = lastActiveAt() ?? 0;
  if (force || now - last >= ACTIVITY_RESOLUTION_MS) localStorage.setItem(LAST_ACTIVE_KEY, String(now));
}

export const markHeartbeat = (now = Date.now()): void => localStorage.setItem(LAST_BEAT_KEY, String(now));

/** The warning shows during the last minute, or the last third of a shorter timeout. */
export const warningMs = (timeoutMs: number): number => Math.min(60_000, Math.floor(timeoutMs / 3));

/** At most one heartbeat a minute while active; more often when the timeout is short, so the server keeps up. */
export const heartbeatEveryMs = (timeoutMs: number): number => Math.min(60_000, Math.floor(timeoutMs / 3));

/** Milliseconds left before the idle sign-out. */
export function remainingMs(timeoutMs: number, now = Date.now()): number {
  return (lastActiveAt() ?? now) + timeoutMs - now;
}

/** Whether a heartbeat is due: activity the server has not heard of, and the interval has passed. */
export function heartbeatDue(timeoutMs: number, now = Date.now()): boolean {
  const active = lastActiveAt();
  const beat = lastHeartbeatAt() ?? 0;
  return active !== undefined && active > beat && now - beat >= heartbeatEveryMs(timeoutMs);
}

/** A new session starts fresh (called at sign-in). */
export function resetIdle(now = Date.now()): void {
  localStorage.setItem(LAST_ACTIVE_KEY, String(now));
  localStorage.setItem(LAST_BEAT_KEY, String(now));
}
