import { Trans, useLingui } from '@lingui/react/macro';
import { HOTLINE } from '../lib/constants.ts';

/** Spec section 2: when the maintenance state is set, this page with its message replaces the app. */
export function MaintenancePage({ message }: { message: string | undefined }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <img src="/icons/logo.svg" alt="" width="72" height="72" />
      <h1 className="text-2xl font-bold">
        <Trans>The portal is under maintenance</Trans>
      </h1>
      {message && (
        <p dir="auto" className="text-lg">
          {message}
        </p>
      )}
      <p className="text-ink-muted">
        <Trans>
          Please come back later. For urgent matters call the hotline <bdi>{HOTLINE}</bdi>.
        </Trans>
      </p>
      <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
        <Trans>Try again</Trans>
      </button>
    </main>
  );
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- product names
const SUPPORTED = ['Google Chrome', 'Chromium', 'Mozilla Firefox', 'Safari', 'Opera'] as const;

/** Spec section 2: browsers other than the five supported ones get this page. */
export function UnsupportedBrowserPage() {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">
        <Trans>Your browser is not supported</Trans>
      </h1>
      <p>
        <Trans>Please open the portal in one of these browsers:</Trans>
      </p>
      <ul className="list-disc ps-6">
        {SUPPORTED.map((b) => (
          <li key={b} dir="ltr" className="text-start">
            {b}
          </li>
        ))}
      </ul>
    </main>
  );
}

/** The render-crash fallback (spec section 2): broken-page picture, "snap" message, go home reloads to /. */
export function CrashFallback() {
  const { t } = useLingui();
  return (
    <main id="main" className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <svg viewBox="0 0 120 90" width="120" height="90" role="img" aria-label={t`Broken page`}>
        <rect x="5" y="5" width="110" height="80" rx="8" fill="none" stroke="currentColor" strokeWidth="4" />
        <path
          d="M5 25h110M40 45l-12 12m0-12 12 12M92 45 80 57m0-12 12 12M45 75q15-12 30 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
        />
      </svg>
      <h1 className="text-2xl font-bold">
        <Trans>Oh snap! Something broke on this page.</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>We have been told about it. Go back to the home page and try again.</Trans>
      </p>
      <button type="button" className="btn-primary" onClick={() => window.location.assign('/')}>
        <Trans>Go home</Trans>
      </button>
    </main>
  );
}
