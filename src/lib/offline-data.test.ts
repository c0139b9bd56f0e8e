import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_DATA, USER_DATA_MAX_AGE_MS } from './offline-data.ts';
import { persistOptions } from './query-persistence.ts';
import { clearLocalSession, forgetUserDataOfNobody } from './session.ts';

/*
 * What of a signed-in citizen's own data the device keeps for offline use (decision 053): their bills and requests
 * while they are signed in, for at most 30 days after they were read; nothing of it once nobody is signed in.
 */
const signIn = () => {
  localStorage.setItem('userSlug', 'citizen');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('usertoken', 't');
};
/** An answer in the cache, with the meta its query options give it. */
const put = (client: QueryClient, key: unknown[], data: unknown, meta?: Record<string, unknown>, updatedAt?: number) => {
  client.getQueryCache().build(client, { queryKey: key, ...(meta ? { meta } : {}) });
  client.setQueryData(key, data, updatedAt ? { updatedAt } : undefined);
};
const kept = (client: QueryClient, key: unknown[]) => {
  const query = client.getQueryCache().find({ queryKey: key })!;
  return persistOptions.dehydrateOptions!.shouldDehydrateQuery!(query);
};

describe('a citizen’s own data offline', () => {
  afterEach(() => localStorage.clear());

  it('is kept while its user is signed in, and not once it is older than 30 days', () => {
    signIn();
    const client = new QueryClient();
    put(client, ['bills', 'u1', 'list', {}], { items: [] }, USER_DATA);
    expect(kept(client, ['bills', 'u1', 'list', {}])).toBe(true);
    put(client, ['requests', 'inbox', { page: 1 }], { items: [] }, USER_DATA, Date.now() - USER_DATA_MAX_AGE_MS - 1);
    expect(kept(client, ['requests', 'inbox', { page: 1 }])).toBe(false);
    // Other private answers stay off the device.
    put(client, ['payments', 'x'], {}, { persist: false });
    expect(kept(client, ['payments', 'x'])).toBe(false);
  });

  it('is not kept for a visitor, and leaves the cache with the session, read by a screen or only restored', () => {
    const client = new QueryClient();
    put(client, ['requests', 'one', 'X', '1'], {}, USER_DATA);
    expect(kept(client, ['requests', 'one', 'X', '1'])).toBe(false);

    // Restored from the device with nobody signed in (the session was forgotten meanwhile): dropped at once.
    client.setQueryData(['bills', 'u1', 'list', {}], { items: [] });
    client.setQueryData(['catalog', 'public', 'service', 'X'], {});
    forgetUserDataOfNobody(client);
    expect(client.getQueryData(['bills', 'u1', 'list', {}])).toBeUndefined();
    expect(client.getQueryData(['requests', 'one', 'X', '1'])).toBeUndefined();
    expect(client.getQueryData(['catalog', 'public', 'service', 'X'])).toEqual({});
  });

  it('is dropped at sign-out, public answers stay', async () => {
    signIn();
    const { attachSession } = await import('./session.ts');
    const client = new QueryClient();
    attachSession(client);
    client.setQueryData(['requests', 'inbox', { page: 1 }], { items: [] });
    client.setQueryData(['catalog', 'public', 'service', 'X'], {});
    clearLocalSession();
    expect(client.getQueryData(['requests', 'inbox', { page: 1 }])).toBeUndefined();
    expect(client.getQueryData(['catalog', 'public', 'service', 'X'])).toEqual({});
  });
});
