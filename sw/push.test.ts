import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, parsePush, showPush, targetOf } from './push.ts';

/* The service worker's push and notification-click handlers (decision 051), with the browser's parts faked. */

const ORIGIN = 'https://kahraba.example';
const URL_OF_REQUEST = '/services/CODEMETER/entries/5b6f1f8e-0000-4000-8000-000000000001';

describe('a push shown', () => {
  it('shows the server’s title and text, tagged per request, and tells the open pages', async () => {
    const showNotification = vi.fn(async () => undefined);
    const postMessage = vi.fn();
    const payload = parsePush(
      JSON.stringify({ title: 'كهرباء', body: 'طلبك يحتاج منك: صورة أوضح', url: URL_OF_REQUEST, tag: 'request-1' }),
    );
    await showPush(
      { registration: { showNotification }, clients: { matchAll: async () => [{ postMessage }] as never } },
      payload,
    );
    expect(showNotification).toHaveBeenCalledWith(
      'كهرباء',
      expect.objectContaining({ body: 'طلبك يحتاج منك: صورة أوضح', tag: 'request-1', data: { url: URL_OF_REQUEST }, dir: 'rtl' }),
    );
    expect(postMessage).toHaveBeenCalledWith({ type: 'PUSH', url: URL_OF_REQUEST });
  });

  it('a push that is not ours still shows something (userVisibleOnly), leading to the notifications page', () => {
    expect(parsePush('hello')).toEqual({ title: 'Kahraba', body: 'hello', url: '/notifications', tag: 'kahraba' });
    expect(parsePush(null).url).toBe('/notifications');
  });
});

describe('a tap on the notification', () => {
  it('opens only this app’s pages', () => {
    expect(targetOf(URL_OF_REQUEST, ORIGIN)).toBe(`${ORIGIN}${URL_OF_REQUEST}`);
    expect(targetOf('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(targetOf('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });

  it('navigates the app’s open window to the request', async () => {
    const navigate = vi.fn(async () => ({}) as WindowClient);
    const win = { url: `${ORIGIN}/inbox`, focus: async () => win, navigate } as unknown as WindowClient;
    const openWindow = vi.fn(async () => null);
    await openFromNotification({ matchAll: async () => [win] as never, openWindow }, ORIGIN, URL_OF_REQUEST);
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}${URL_OF_REQUEST}`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the app is open', async () => {
    const openWindow = vi.fn(async () => null);
    await openFromNotification({ matchAll: async () => [] as never, openWindow }, ORIGIN, URL_OF_REQUEST);
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}${URL_OF_REQUEST}`);
  });
});
