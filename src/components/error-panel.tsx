import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessages, isNotFound } from '../lib/error-display.ts';
import { NotFoundPage } from './not-found-page.tsx';

/** The "something wrong" panel (spec section 2 and 8): headline messages, retry or reload, go home. */
export function ErrorPanel({ error, onRetry, hideRetry = false }: { error: unknown; onRetry?: () => void; hideRetry?: boolean }) {
  const { i18n } = useLingui();
  const e = error as { code?: string; details?: string[] } | string | null | undefined;
  if (isNotFound(e)) return <NotFoundPage />;
  const messages = errorMessages(i18n, e);
  return (
    <div role="alert" className="rounded-xl border border-line bg-card p-6">
      <h2 className="text-lg font-semibold">
        <Trans>Something went wrong.</Trans>
      </h2>
      <ul className="mt-2 list-disc ps-5">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      <div className="mt-4 flex gap-3">
        {!hideRetry && (
          <button
            type="button"
            className="min-h-11 rounded-md bg-brand px-4 text-white"
            onClick={() => (onRetry ? onRetry() : window.location.reload())}
          >
            {onRetry ? <Trans>Retry</Trans> : <Trans>Reload</Trans>}
          </button>
        )}
        <a href="/" className="inline-flex min-h-11 items-center rounded-md border border-line px-4">
          <Trans>Go home</Trans>
        </a>
      </div>
    </div>
  );
}
