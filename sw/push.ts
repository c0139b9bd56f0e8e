/// <reference lib="webworker" />

/*
 * Web Push in the service worker (decision 051). The server's push (an outbox row delivered by `web-push`, encrypted
 * for this browser) carries JSON: a title, a short text in the language the device subscribed in, the path of the
 * request it is about and a tag (one notification per request: a newer push replaces the older one). Showing it
 * also tells the open pages (they refresh the bell); a tap opens the request, in a window of the app if one is open.
 */

export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The payload of a push, or a plain one when it is not ours (a push must always show something: userVisibleOnly). */
export function parsePush(text: string | null | undefined): PushPayload {
  try {
    const p = JSON.parse(text ?? '') as Partial<PushPayload>;
    if (typeof p.title === 'string' && typeof p.body === 'string')
      return {
        title: p.title,
        body: p.body,
        url: typeof p.url === 'string' ? p.url : '/notifications',
        tag: typeof p.tag === 'string' ? p.tag : 'kahraba',
      };
  } catch {
    // Not JSON: shown as it came.
  }
  return { title: 'Kahraba', body: text ?? '', url: '/notifications', tag: 'kahraba' };
}

/** Only a path of this app is opened: anything else opens the notifications page. */
export function targetOf(url: string, origin: string): string {
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? u.href : `${origin}/notifications`;
  } catch {
    return `${origin}/notifications`;
  }
}

/** Shows the push and tells the open pages (the bell refreshes). */
export async function showPush(
  sw: { registration: Pick<ServiceWorkerRegistration, 'showNotification'>; clients: Pick<Clients, 'matchAll'> },
  payload: PushPayload,
): Promise<void> {
  const arabic = /[\u0600-\u06FF]/.test(payload.body);
  await sw.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: arabic ? 'ar' : 'en',
    dir: arabic ? 'rtl' : 'ltr',
  });
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of windows) w.postMessage({ type: 'PUSH', url: payload.url });
}

/**
 * A tap on the notification: the request opens in a window of the app already open (focused, then navigated), else
 * in a new one.
 */
export async function openFromNotification(
  clients: Pick<Clients, 'matchAll' | 'openWindow'>,
  origin: string,
  url: string,
): Promise<void> {
  const target = targetOf(url, origin);
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: false })) as readonly WindowClient[];
  const open = windows.find((w) => w.url.startsWith(origin));
  if (open) {
    const focused = await open.focus();
    const navigated = await focused.navigate(target).catch(() => null);
    if (navigated) return;
  }
  await clients.openWindow(target);
}
