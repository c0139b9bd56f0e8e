import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only). Update prompting, foreground update checks and the
 * install prompt belong to the public-portal work; this keeps registration in one place.
 */
export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register();
  // iOS keeps an old worker alive: look for an update whenever the app returns to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update();
  });
  return wb;
}
