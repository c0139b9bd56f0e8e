import { requestRoutes } from '../../../contract/refs/routes-requests.ts';
import type { TLang } from '../../../contract/common.ts';
import { apiCall, ApiError } from '../../lib/api-client.ts';

/*
 * Web Push on this device (decision 051): the browser subscribes with the server's VAPID public key and the
 * subscription is given to the server for the signed-in account; turning it off removes it from both. The device's
 * subscription id is kept on the device, to know which of the account's devices is this one. On iPhone and iPad,
 * pushes reach only an app added to the home screen (iOS 16.4 and later): in a Safari tab there is no PushManager.
 */

const DEVICE_KEY = 'push-device-id';

export type PushState =
  /** This browser has no Web Push (or the page has no service worker). */
  | 'unsupported'
  /** iPhone or iPad in a browser tab: add the app to the home screen first. */
  | 'install-first'
  /** The server sends no pushes (no VAPID keys). */
  | 'off-server'
  /** Notifications are blocked for this site in the browser's settings. */
  | 'denied'
  | 'off'
  | 'on';

const MAC = /Macintosh/;
const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (MAC.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export const pushSupported = (): boolean => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The key as `PushManager.subscribe` takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * This page's service worker. The production build registers it once the page has loaded (src/lib/pwa.ts), so a
 * page opened straight onto the profile may ask before that: wait for the worker to be ready (a few seconds at
 * most) rather than calling this device unsupported.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  const now = await navigator.serviceWorker.getRegistration();
  if (now || !import.meta.env.PROD) return now ?? undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 10_000)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Where this device stands: its subscription known to the server for this account, or why there is none. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return isIos() && !standalone() ? 'install-first' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const sub = await reg.pushManager.getSubscription();
  const id = localStorage.getItem(DEVICE_KEY);
  if (!sub || !id) return 'off';
  const { items } = await apiCall(requestRoutes.pushSubscriptions, {});
  return items.some((d) => d.id === id) ? 'on' : 'off';
}

/** Turns pushes on for the signed-in account on this device (asks the browser's permission first). */
export async function turnPushOn(lang: TLang): Promise<PushState> {
  if (!pushSupported()) return isIos() && !standalone() ? 'install-first' : 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await apiCall(requestRoutes.pushKey, {});
  if (!publicKey) return 'off-server';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot receive this server's pushes.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON() as { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
  const device = await apiCall(requestRoutes.pushSubscribe, {
    body: { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys, lang },
  });
  localStorage.setItem(DEVICE_KEY, device.id);
  return 'on';
}

/** Turns pushes off on this device: the server forgets it, and the browser's subscription ends. */
export async function turnPushOff(): Promise<PushState> {
  const id = localStorage.getItem(DEVICE_KEY);
  if (id)
    await apiCall(requestRoutes.pushUnsubscribe, { params: { id } }).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
  localStorage.removeItem(DEVICE_KEY);
  const sub = await (await registration())?.pushManager.getSubscription();
  await sub?.unsubscribe();
  return 'off';
}

/**
 * At sign-out: the server stops sending this account's pushes to this device (a shared phone must not keep getting
 * them). The browser's subscription stays; whoever signs in next may turn it on for themselves.
 */
export async function forgetThisDevice(): Promise<void> {
  const id = localStorage.getItem(DEVICE_KEY);
  if (!id) return;
  await apiCall(requestRoutes.pushUnsubscribe, { params: { id } }).catch(() => undefined);
  localStorage.removeItem(DEVICE_KEY);
}
