import { onSessionChange } from '../../lib/session.ts';
import { listRecords, refreshOutboxSummary } from './store.ts';

/**
 * When the outbox is sent (decision 019): at start-up, when the network comes back, when the app returns to the
 * foreground, when the service worker's Background Sync fires (sw/sw.ts posts `OUTBOX_SYNC`), and when a user
 * signs in (their own waiting writes). The sending code is loaded only when there is something to send.
 */
export function startOutbox(): void {
  const run = (force: boolean) =>
    void (async () => {
      if (!(await listRecords()).some((r) => r.state === 'waiting')) return;
      const { flush } = await import('./index.ts');
      await flush({ force });
    })().catch(() => undefined);

  run(true);
  window.addEventListener('online', () => run(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') run(false);
  });
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string } | undefined>) => {
    if (e.data?.type === 'OUTBOX_SYNC') run(true);
  });
  onSessionChange(() => {
    void refreshOutboxSummary();
    run(true);
  });
}
