import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { useAppData } from '../features/content/api/content.ts';
import { useDismissed } from '../lib/dismissals.ts';
import { isIos, isMobileBrowser } from '../lib/browser-support.ts';
import { STORE_LINKS } from '../lib/constants.ts';
import { applyUpdate, promptInstall, usePwa } from '../lib/pwa.ts';
import { Icon } from './icon.tsx';

function Banner({
  tone,
  children,
  onClose,
}: {
  tone: 'info' | 'warning' | 'success' | 'error';
  children: ReactNode;
  onClose?: () => void;
}) {
  const { t } = useLingui();
  const tones = {
    info: 'bg-info-bg text-info-ink', // eslint-disable-line lingui/no-unlocalized-strings
    warning: 'bg-warning-bg text-warning-ink', // eslint-disable-line lingui/no-unlocalized-strings
    success: 'bg-success-bg text-success-ink', // eslint-disable-line lingui/no-unlocalized-strings
    error: 'bg-error-bg text-error-ink', // eslint-disable-line lingui/no-unlocalized-strings
  } as const;
  return (
    <div className={`${tones[tone]} border-b border-line`}>
      {/* Compact on a phone (one or two short lines): notices must not cover the page they announce. */}
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1 text-xs sm:px-4 sm:py-2 sm:text-sm">
        <div className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1">{children}</div>
        {onClose && (
          <button
            type="button"
            className="inline-flex size-8 items-center justify-center sm:size-11"
            onClick={onClose}
            aria-label={t`Close`}
          >
            <Icon name="close" className="size-4 sm:size-5" />
          </button>
        )}
      </div>
    </div>
  );
}

/** A notice the user may close; closed, it stays closed on this device. */
function ClosableBanner({ id, ...props }: { id: string; tone: 'info' | 'warning' | 'success' | 'error'; children: ReactNode }) {
  const [closed, close] = useDismissed(id);
  return closed ? null : <Banner {...props} onClose={close} />;
}

/** Beta-launch notice, configured alerts and the occasion banner (application data). */
export function ContentBanners() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const appData = useAppData();
  const alerts = appData.data?.config.alerts ?? [];
  const occasion = appData.data?.config.occasion;
  return (
    <div role="region" aria-label={t`Notices`}>
      <ClosableBanner id="beta-notice" tone="info">
        <Trans>This is the beta launch of the new portal. Tell us what you think through the contact page.</Trans>
      </ClosableBanner>
      {alerts.map((a) => (
        <ClosableBanner key={a.id} id={`alert:${a.id}`} tone={a.type}>
          <span dir="auto">{a.data[lang]}</span>
        </ClosableBanner>
      ))}
      {occasion?.show && occasion.text && (
        <ClosableBanner id={`occasion:${occasion.text.en}`} tone="success">
          <span dir="auto">{occasion.text[lang]}</span>
        </ClosableBanner>
      )}
    </div>
  );
}

/**
 * Offline, update and install prompts. They appear after the page has painted (the browser offers
 * installation late, updates arrive later still), so they sit in a stack fixed to the bottom of the screen:
 * inserted above the page they would push it down under the reader's finger (layout shift).
 */
export function PwaBanners() {
  const pwa = usePwa();
  const [installClosed, closeInstall] = useDismissed('install');
  const [appPromptClosed, closeAppPrompt] = useDismissed('open-app');
  const ua = navigator.userAgent;
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 flex flex-col shadow-lg">
      {!pwa.online && (
        <div role="status" className="bg-warning-bg text-warning-ink">
          <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm">
            <Icon name="offline" className="size-5" />
            <Trans>You are offline. Pages you visited before still work; new data will load when you are back online.</Trans>
          </div>
        </div>
      )}
      {pwa.updateReady && (
        <Banner tone="info">
          <span className="me-3">
            <Trans>A new version of the portal is ready.</Trans>
          </span>
          <button type="button" className="btn-primary" onClick={applyUpdate}>
            <Trans>Update now</Trans>
          </button>
        </Banner>
      )}
      {pwa.canInstall && !installClosed && (
        <Banner tone="info" onClose={closeInstall}>
          <span className="me-3">
            <Trans>Install the portal on your device for quick access, even offline.</Trans>
          </span>
          <button type="button" className="btn-primary" onClick={() => void promptInstall()}>
            <Trans>Install</Trans>
          </button>
        </Banner>
      )}
      {isIos(ua) && !standalone && !installClosed && (
        <Banner tone="info" onClose={closeInstall}>
          <Trans>To install the portal, tap the Share button and then “Add to Home Screen”.</Trans>
        </Banner>
      )}
      {isMobileBrowser(ua) && !standalone && !appPromptClosed && (
        <Banner tone="info">
          <span>
            <Trans>Get the Kahraba app for a faster experience.</Trans>
          </span>
          <span className="flex items-center gap-3">
            <a
              href={isIos(ua) ? STORE_LINKS.appStore : STORE_LINKS.googlePlay}
              className="inline-flex min-h-8 items-center font-semibold underline"
              rel="noopener"
            >
              <Trans>Open the app</Trans>
            </a>
            <button type="button" className="inline-flex min-h-8 items-center underline" onClick={closeAppPrompt}>
              <Trans>Keep browsing</Trans>
            </button>
          </span>
        </Banner>
      )}
    </div>
  );
}
