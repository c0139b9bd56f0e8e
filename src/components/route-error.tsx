import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { reportError } from '../lib/telemetry.ts';
import { Notice } from './ui/notice.tsx';

/*
 * A page that failed (decision 053). A part of the app that could not be downloaded (offline without the service
 * worker, or a connection that dropped) is not a crash: the page says, in the app's layout and language, that it is
 * not available offline, and offers to try again. Anything else is reported and shows the crash page. In the app's
 * own chunk: when the network is gone, nothing more can be downloaded to say so.
 */

/** What the browsers say when a module (a page's chunk) or its stylesheet could not be downloaded. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch|NetworkError|Load failed/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message));

const CrashFallback = lazy(() => import('./status-pages.tsx').then((m) => ({ default: m.CrashFallback })));

export function RouteError({ error }: { error: unknown }) {
  const unavailable = isChunkLoadError(error);
  useEffect(() => {
    if (!unavailable) reportError(error);
  }, [error, unavailable]);
  if (unavailable) return <NotAvailableOffline />;
  return (
    <Suspense fallback={null}>
      <CrashFallback />
    </Suspense>
  );
}

/** "Not available offline", with a new try (the page again, from the network). */
export function NotAvailableOffline() {
  return (
    <Notice tone="warning" testId="not-available-offline" className="flex flex-col items-start gap-3">
      <p className="font-semibold">
        <Trans>This page is not available offline.</Trans>
      </p>
      <p>
        <Trans>It has not been saved on this device yet. Connect to the internet and try again.</Trans>
      </p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        <Trans>Try again</Trans>
      </button>
    </Notice>
  );
}
