import { useSyncExternalStore } from 'react';
import type { TOwnerToken } from '../../contract/staff.ts';

/*
 * Applying on behalf of a citizen in the employee build (decision 025): the owner token the server signed for the
 * chosen citizen is kept as `requestOwnerToken` (the API client sends it as `Request-Owner-Token` on every call,
 * spec section 7), and the citizen's card beside it for the banner. Past its expiry it counts as none; signing out
 * forgets both (src/lib/session.ts).
 */

const TOKEN = 'requestOwnerToken';
const CARD = 'requestOwnerCitizen';
const EVENT = 'kahraba-behalf';

export type Behalf = { citizen: TOwnerToken['citizen']; expiresAt: string };

let cachedRaw: string | null = null;
let cached: Behalf | null = null;

function read(): Behalf | null {
  const raw = localStorage.getItem(TOKEN) ? localStorage.getItem(CARD) : null;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    cached = raw ? (JSON.parse(raw) as Behalf) : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The citizen this device files for now, if any and unexpired. */
export function currentBehalf(now = Date.now()): Behalf | null {
  const b = read();
  return b && Date.parse(b.expiresAt) > now ? b : null;
}

export function startBehalf(t: TOwnerToken): void {
  localStorage.setItem(TOKEN, t.token);
  localStorage.setItem(CARD, JSON.stringify({ citizen: t.citizen, expiresAt: t.expiresAt } satisfies Behalf));
  window.dispatchEvent(new Event(EVENT));
}

export function stopBehalf(): void {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(CARD);
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export const useBehalf = (): Behalf | null => useSyncExternalStore(subscribe, currentBehalf, () => null);
