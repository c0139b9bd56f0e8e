import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * Service worker registration, the update prompt and the install prompt, as one small store the banners read.
 * - An update is offered when a new worker waits; accepting it activates the worker and reloads.
 * - iOS keeps an old worker alive: look for an update whenever the app returns to the foreground.
 * - Chromium's `beforeinstallprompt` is kept to show our own install button; iOS has none (we show a hint).
 * - `navigator.storage.persist()` asks the browser not to evict the offline data (drafts, readings, cache).
 */
type InstallEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };
type PwaState = { updateReady: boolean; canInstall: boolean; online: boolean };

// What a server-drawn page shows (decision 031): online, nothing to install or update yet.
const FIRST: PwaState = { updateReady: false, canInstall: false, online: true };
let state: PwaState = { ...FIRST, online: typeof navigator === 'undefined' ? true : navigator.onLine };
let wb: Workbox | undefined;
let installEvent: InstallEvent | undefined;
const subs = new Set<() => void>();
const set = (next: Partial<PwaState>) => {
  state = { ...state, ...next };
  subs.forEach((s) => s());
};

export function startPwa(): void {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installEvent = e as InstallEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => set({ canInstall: false }));
  void navigator.storage?.persist?.().catch(() => false);

  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Registered after the page has loaded, so the worker's precache downloads never compete with the first
  // paint on a slow line (workbox-window is loaded then too, outside the critical path).
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => set({ updateReady: true }));
    void wb.register();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void wb?.update();
    });
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

export function applyUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export async function promptInstall(): Promise<void> {
  if (!installEvent) return;
  await installEvent.prompt();
  await installEvent.userChoice;
  installEvent = undefined;
  set({ canInstall: false });
}

export const usePwa = (): PwaState =>
  useSyncExternalStore(
    (cb) => {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    () => state,
    () => FIRST,
  );
