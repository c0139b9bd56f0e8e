import { Trans } from '@lingui/react/macro';
import { Fragment, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { isIos, isMobileBrowser } from '../lib/browser-support.ts';
import { STORE_LINKS } from '../lib/constants.ts';
import { applyUpdate, promptInstall, usePwa } from '../lib/pwa.ts';
import { Banner, useIsPhone, useTopBannersOpen } from './banners.tsx';
import { useDismissed } from '../lib/dismissals.ts';
import { Icon } from './icon.tsx';
import { useHydrated } from '../lib/hydrated.ts';

/**
 * Offline, update and install prompts. They appear after the page has painted (the browser offers
 * installation late, updates arrive later still), so they sit in a stack fixed to the bottom of the screen:
 * inserted above the page they would push it down under the reader's finger (layout shift).
 */
export function PwaBanners() {
  const pwa = usePwa();
  const [installClosed, closeInstall] = useDismissed('install');
  const [appPromptClosed, closeAppPrompt] = useDismissed('open-app');
  // What the device is (its browser, installed or not) is known after the first frame (decision 031).
  const hydrated = useHydrated();
  const stack = useReservedSpace();
  const phone = useIsPhone();
  const topOpen = useTopBannersOpen();
  if (!hydrated) return null;
  const ua = navigator.userAgent;
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches;
  // The prompts, the most useful first. The install prompt and the app's never show together (issue 23): the app's
  // waits until the install prompt is closed or done. On a phone only the first is drawn, and only once the notices
  // at the top are closed (banners.tsx); the offline line is a status, always shown.
  const install = pwa.canInstall && !installClosed;
  const iosHint = isIos(ua) && !standalone && !installClosed && !install;
  const prompts: { key: string; node: ReactNode }[] = [];
  if (pwa.updateReady)
    prompts.push({
      key: 'update',
      node: (
        <Banner tone="info">
          <span className="me-3">
            <Trans>A new version of the portal is ready.</Trans>
          </span>
          <button type="button" className="btn-primary" onClick={applyUpdate}>
            <Trans>Update now</Trans>
          </button>
        </Banner>
      ),
    });
  if (install)
    prompts.push({
      key: 'install',
      node: (
        <Banner tone="info" onClose={closeInstall}>
          <span className="me-3">
            <Trans>Install the portal on your device for quick access, even offline.</Trans>
          </span>
          <button type="button" className="btn-primary" onClick={() => void promptInstall()}>
            <Trans>Install</Trans>
          </button>
        </Banner>
      ),
    });
  if (iosHint)
    prompts.push({
      key: 'ios-install',
      node: (
        <Banner tone="info" onClose={closeInstall}>
          <Trans>To install the portal, tap the Share button and then “Add to Home Screen”.</Trans>
        </Banner>
      ),
    });
  if (isMobileBrowser(ua) && !standalone && !appPromptClosed && !install && !iosHint)
    prompts.push({
      key: 'open-app',
      node: (
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
      ),
    });
  const shown = !phone ? prompts : topOpen > 0 || !pwa.online ? [] : prompts.slice(0, 1);
  return (
    <div ref={stack} className="fixed inset-x-0 bottom-0 z-40 flex flex-col shadow-lg">
      {!pwa.online && (
        <div role="status" className="bg-warning-bg text-warning-ink" data-testid="banner">
          <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-sm">
            <Icon name="offline" className="size-5" />
            <Trans>You are offline. Pages you visited before still work; new data will load when you are back online.</Trans>
          </div>
        </div>
      )}
      {shown.map((p) => (
        <Fragment key={p.key}>{p.node}</Fragment>
      ))}
    </div>
  );
}

/** The page's own scroll padding at the bottom (src/styles.css, 6rem): a focused control lands above the prompts. */
const SCROLL_PADDING_PX = 96;

/**
 * The page keeps room for the banners below its end (issue 23): without it the stack covered the end of a phone's
 * page (the footer's last lines, a short page's last button) and nothing scrolled it clear. The room is the stack's
 * height as the body's bottom padding; a stack taller than the page's scroll padding raises that too.
 */
function useReservedSpace() {
  const observer = useRef<ResizeObserver | null>(null);
  const reserve = (px: number) => {
    document.body.style.paddingBottom = px > 0 ? `${Math.ceil(px)}px` : '';
    // Noor's button stands above the stack (noor-launcher.tsx).
    document.documentElement.style.setProperty('--bottom-stack', `${Math.ceil(px)}px`);
    document.documentElement.style.scrollPaddingBottom = px > SCROLL_PADDING_PX ? `${Math.ceil(px)}px` : '';
  };
  useEffect(
    () => () => {
      observer.current?.disconnect();
      reserve(0);
    },
    [],
  );
  return useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el || typeof ResizeObserver === 'undefined') return reserve(0);
    observer.current = new ResizeObserver(() => reserve(el.offsetHeight));
    observer.current.observe(el);
    reserve(el.offsetHeight);
  }, []);
}
