import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser, TSignedIn } from '../../contract/identity.ts';
import { apiCall, ApiError } from './api-client.ts';
import { routes } from '../../contract/refs/routes.ts';
import { attachSession, audienceKey, clearLocalSession, readHints, resolveViewer } from './session.ts';
import { catalogKeys } from '../features/catalog/keys.ts';
import { rootKeys } from './query-keys.ts';
import { completeSignIn, fetchCurrentUser, signOut } from './session-api.ts';

/**
 * Spec section 4 "Current user" and "Session", as the client lives them: hints in storage, the current user only
 * loaded when they exist, cleared by a 401 (a 403 only when the session itself is refused), never written to the
 * offline cache.
 */
const user: TCurrentUser = {
  id: 'u1',
  ID: '100001',
  userSlug: 'citizen',
  kind: 'citizen',
  username: 'amal',
  firstName: 'Amal',
  lastName: 'Said',
  fullName: 'Amal Said',
  email: null,
  emailVerified: false,
  mobile: '01012345678',
  mobileVerified: true,
  nationalId: '29001010100015',
  age: 36,
  profile: {},
  roles: [],
  company: null,
  serviceCenter: [],
  favoriteServices: [],
  userImage: [],
  mfa: { totp: false, passkeys: [] },
  createdAt: '2026-11-01T10:00:00.000Z',
};
const signedIn: TSignedIn = { status: 'signed-in', user, csrfToken: 'csrf-1', idleTimeoutMs: 60_000 };

let queryClient: QueryClient;
const calls: { url: string; headers: Headers }[] = [];
let answer: (url: string) => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  attachSession(queryClient);
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push({ url: input.url, headers: input.headers });
    return answer(input.url);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the client session', () => {
  it('does not ask for the current user without all three stored hints', async () => {
    answer = () => json(200, user);
    localStorage.setItem('userSlug', 'citizen');
    localStorage.setItem('userId', 'u1');
    expect(readHints()).toBeNull();
    expect((await resolveViewer(queryClient)).kind).toBe('visitor');
    expect(calls).toHaveLength(0);
  });

  it('after sign-in: stores the hints, sends the csrf token, and knows the user without asking again', async () => {
    completeSignIn(signedIn);
    expect(readHints()).toEqual({ userSlug: 'citizen', userId: 'u1', token: 'csrf-1' });
    const viewer = await resolveViewer(queryClient);
    expect(viewer).toMatchObject({ kind: 'citizen', roles: [] });
    expect(calls).toHaveLength(0);
    answer = () => json(202, { received: true });
    await apiCall(routes.newsletterSubscribe, { body: { email: 'a@example.com' } }).catch(() => undefined);
    expect(calls[0]?.headers.get('x-csrf-token')).toBe('csrf-1');
  });

  it('a 401 from any call forgets the session and its private data, and keeps public data', async () => {
    completeSignIn(signedIn);
    await queryClient.fetchQuery({
      queryKey: [...rootKeys.requests, 'mine'],
      queryFn: () => [{ id: 'r1' }],
      meta: { persist: false },
    });
    queryClient.setQueryData(['faq'], [{ q: 'public' }]);
    answer = () => json(401, { code: 'GRANT_EXPIRED', message: 'expired' });
    await expect(apiCall(routes.faq, {})).rejects.toBeInstanceOf(ApiError);
    expect(readHints()).toBeNull();
    expect(queryClient.getQueryData(['requests', 'mine'])).toBeUndefined();
    expect(queryClient.getQueryData(['faq'])).toEqual([{ q: 'public' }]);
    expect((await resolveViewer(queryClient)).kind).toBe('visitor');
  });

  it('a 418 (maintenance) clears the session and its private data too (spec section 8)', async () => {
    completeSignIn(signedIn);
    await queryClient.fetchQuery({
      queryKey: [...rootKeys.requests, 'mine'],
      queryFn: () => [{ id: 'r1' }],
      meta: { persist: false },
    });
    answer = () => json(418, { code: 'MAINTENANCE', message: 'Back at noon' });
    await expect(apiCall(routes.faq, {})).rejects.toMatchObject({ status: 418, code: 'MAINTENANCE' });
    expect(readHints()).toBeNull();
    expect(queryClient.getQueryData(['requests', 'mine'])).toBeUndefined();
    expect((await resolveViewer(queryClient)).kind).toBe('visitor');
  });

  it("a 403 about one request's owner token leaves the session alone", async () => {
    completeSignIn(signedIn);
    answer = () => json(403, { code: 'INVALID_REQUEST_OWNER_TOKEN', message: 'x' });
    await apiCall(routes.faq, {}).catch(() => undefined);
    expect(readHints()).not.toBeNull();
  });

  it('a 403 FORBIDDEN on a page keeps a live session; it ends only when the session itself is refused (decision 050)', async () => {
    completeSignIn(signedIn);
    // A page the roles do not open: the session is asked again, and the server still knows the user.
    answer = (url) => (url.includes('/api/citizen/u1') ? json(200, user) : json(403, { code: 'FORBIDDEN', message: 'role' }));
    await apiCall(routes.faq, {}).catch(() => undefined);
    const wait = { timeout: 10_000 };
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/api/citizen/u1'))).toBe(true), wait);
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0), wait);
    await new Promise((r) => setTimeout(r, 0));
    expect(readHints()).not.toBeNull();
    // The session is gone on the server: asked again, its own user is refused, and the device forgets it.
    calls.length = 0;
    answer = (url) =>
      url.includes('/api/citizen/u1')
        ? json(401, { code: 'UNAUTHORIZED', message: 'gone' })
        : json(403, { code: 'FORBIDDEN', message: 'csrf' });
    await apiCall(routes.faq, {}).catch(() => undefined);
    await vi.waitFor(() => expect(readHints()).toBeNull(), wait);
  });

  it('a current user that cannot be loaded offline keeps the user signed in for routing', async () => {
    localStorage.setItem('userSlug', 'citizen');
    localStorage.setItem('userId', 'u1');
    localStorage.setItem('usertoken', 'csrf-1');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await resolveViewer(queryClient)).kind).toBe('citizen');
    expect(readHints()).not.toBeNull();
  });

  it('sign-out that fails keeps the session (the screen offers a retry); one that succeeds clears it', async () => {
    completeSignIn(signedIn);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(signOut()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(readHints()).not.toBeNull();
    answer = () => json(200, { signedOut: true, redirectUrl: '/' });
    await expect(signOut()).resolves.toBe('/');
    expect(readHints()).toBeNull();
    expect(localStorage.getItem('requestOwnerToken')).toBeNull();
  });

  it('clearing the local session also drops the request-owner token', () => {
    completeSignIn(signedIn);
    localStorage.setItem('requestOwnerToken', 'owner');
    clearLocalSession();
    expect(localStorage.getItem('requestOwnerToken')).toBeNull();
  });

  it("catalog answers are cached per audience: staff never see a visitor's list, and sign-out drops theirs", async () => {
    const filter = { order: 'order ASC' } as const;
    expect(audienceKey()).toBe('public');
    queryClient.setQueryData(catalogKeys.categories(filter, 'ar'), ['public list']);
    const employee = { ...user, id: 'e1', userSlug: 'employee', kind: 'employee' as const, roles: ['TECHNICAL_SUPPORT'] };
    completeSignIn({ ...signedIn, user: employee });
    expect(audienceKey()).toBe('staff');
    // The visitor's cached list is not the employee's: their key differs, so it is fetched afresh.
    expect(queryClient.getQueryData(catalogKeys.categories(filter, 'ar'))).toBeUndefined();
    queryClient.setQueryData(catalogKeys.categories(filter, 'ar'), ['staff list']);
    clearLocalSession();
    expect(audienceKey()).toBe('public');
    expect(queryClient.getQueryData(catalogKeys.categories(filter, 'ar'))).toEqual(['public list']);
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[1] === 'staff' })).toHaveLength(0);
  });

  it("a citizen's account has its user type's catalog (decision 074), and a sign-out drops it", () => {
    const filter = { order: 'order ASC' } as const;
    queryClient.setQueryData(catalogKeys.categories(filter, 'ar'), ['public list']);
    completeSignIn(signedIn);
    expect(audienceKey()).toBe('type:citizen');
    expect(queryClient.getQueryData(catalogKeys.categories(filter, 'ar'))).toBeUndefined();
    queryClient.setQueryData(catalogKeys.categories(filter, 'ar'), ['citizen list']);
    clearLocalSession();
    completeSignIn({ ...signedIn, user: { ...user, id: 'demo-company', userSlug: 'company' } });
    expect(audienceKey()).toBe('type:company');
    expect(queryClient.getQueryData(catalogKeys.categories(filter, 'ar'))).toBeUndefined();
    clearLocalSession();
    expect(queryClient.getQueryData(catalogKeys.categories(filter, 'ar'))).toEqual(['public list']);
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => String(q.queryKey[1]).startsWith('type:') })).toHaveLength(0);
  });

  it("another user's sign-in on this device drops the previous user's private data", async () => {
    completeSignIn(signedIn);
    await queryClient.fetchQuery({
      queryKey: [...rootKeys.requests, 'mine'],
      queryFn: () => [{ id: 'r1' }],
      meta: { persist: false },
    });
    completeSignIn({ ...signedIn, user: { ...user, id: 'u2', username: 'other' }, csrfToken: 'csrf-2' });
    expect(queryClient.getQueryData(['requests', 'mine'])).toBeUndefined();
    expect(readHints()).toEqual({ userSlug: 'citizen', userId: 'u2', token: 'csrf-2' });
  });

  it("an agent's own data comes from the agent view (GET /agent/{id} is also {userSlug}/{userId} for agents)", async () => {
    const agent = { ...user, id: 'demo-agent', userSlug: 'agent', kind: 'agent' as const, username: 'agent' };
    answer = () =>
      json(200, { agent, citizen: { id: 'c1', fullName: 'Amal Said', nationalId: '29001010100015', mobileMasked: null } });
    const got = await fetchCurrentUser('agent', { userSlug: 'agent', userId: 'demo-agent', token: 't' });
    expect(got).toMatchObject({ id: 'demo-agent', username: 'agent' });
    expect(new URL(calls[0]!.url).pathname).toBe('/api/agent/demo-agent');
    expect(calls[0]!.headers.get('x-device')).toBe('AGENT');
  });
});
