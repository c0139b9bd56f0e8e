import { lazy, Suspense, useState } from 'react';
import { loadAccountMessages } from '../../../lib/i18n.ts';
import { useOutboxSummary } from '../store.ts';

// The button and its list, with their messages (the account catalog), load when there is something to show.
const OutboxButton = lazy(() =>
  Promise.all([import('./outbox-panel.tsx'), loadAccountMessages()]).then(([m]) => ({ default: m.OutboxButton })),
);

/**
 * The header's watcher of the outbox (decision 019): nothing while the current user has no unsent writes; then
 * the "N waiting" button. Once shown it stays, to say when the last waiting write has been sent.
 */
export function OutboxIndicator() {
  const { waiting, attention } = useOutboxSummary();
  const [shown, setShown] = useState(false);
  if (!shown && waiting + attention > 0) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <OutboxButton />
    </Suspense>
  ) : null;
}
