import { get, update } from 'idb-keyval';

/**
 * A visitor's way back to the requests they filed without an account (spec section 7): the server gives each
 * anonymous request an owner token once, in the submission's answer; the device keeps it here (IndexedDB,
 * `requestOwnerTokens`) and sends it as the `Request-Owner-Token` header to read or act on that request.
 */
export type OwnerTokenEntry = { token: string; requestNumber: string; serviceSlug: string; createdAt: string };
const KEY = 'requestOwnerTokens';

export async function rememberOwnerToken(requestId: string, entry: OwnerTokenEntry): Promise<void> {
  await update<Record<string, OwnerTokenEntry>>(KEY, (all) => ({ ...all, [requestId]: entry }));
}

/** The token of one anonymous request of this device, if it has one. */
export async function ownerTokenFor(requestId: string): Promise<string | undefined> {
  return (await get<Record<string, OwnerTokenEntry>>(KEY))?.[requestId]?.token;
}

/** Every anonymous request filed on this device (id -> entry). */
export async function ownedAnonymousRequests(): Promise<Record<string, OwnerTokenEntry>> {
  return (await get<Record<string, OwnerTokenEntry>>(KEY)) ?? {};
}
