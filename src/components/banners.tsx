import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { useAppData } from '../features/content/api/content.ts';
import { useDismissed } from '../lib/dismissals.ts';
import { Icon } from './icon.tsx';
import { useHydrated } from '../lib/hydrated.ts';

export function Banner({
  tone,
  children,
  onClose,
}: {
  tone: 'info' | 'warning' | 'success' | 'error';
  children: ReactNode;
  onClose?: () => void;
}) {
  const { t } = useLingui();
  // On a page the server drew, closing waits for the app (a press before then would do nothing).
  const hydrated = useHydrated();
  const tones = {
    info: 'bg-info-bg text-info-ink', // eslint-disable-line lingui/no-unlocalized-strings
    warning: 'bg-warning-bg text-warning-ink', // eslint-disable-line lingui/no-unlocalized-strings
    success: 'bg-success-bg text-success-ink', // eslint-disable-line lingui/no-unlocalized-strings
    error: 'bg-error-bg text-error-ink', // eslint-disable-line lingui/no-unlocalized-strings
  } as const;
  return (
    <div className={`${tones[tone]} border-b border-line`} data-testid="banner">
      {/* Compact on a phone (one or two short lines): notices must not cover the page they announce. */}
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-1 text-xs sm:px-4 sm:py-2 sm:text-sm">
        <div className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1">{children}</div>
        {onClose && (
          <button
            type="button"
            className="inline-flex size-8 items-center justify-center sm:size-11"
            disabled={!hydrated}
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
export function ClosableBanner({
  id,
  ...props
}: {
  id: string;
  tone: 'info' | 'warning' | 'success' | 'error';
  children: ReactNode;
}) {
  const [closed, close] = useDismissed(id);
  useEffect(() => {
    setTopOpen(id, !closed);
    return () => setTopOpen(id, false);
  }, [id, closed]);
  return closed ? null : <Banner {...props} onClose={close} />;
}

/*
 * At most one banner at a time on a phone (issue 23: a first visit showed four, up to 30 % of the screen). The
 * notices at the top come first, the most important first (configured alerts, the occasion, the beta notice): on a
 * phone only the first open one is drawn (CSS, so the page the server drew is already right), and the prompts at
 * the bottom (pwa-banners.tsx) wait until none is open. Closing one shows the next.
 */
const topOpen = new Set<string>();
const listeners = new Set<() => void>();
function setTopOpen(id: string, open: boolean): void {
  if (open === topOpen.has(id)) return;
  if (open) topOpen.add(id);
  else topOpen.delete(id);
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
/** How many notices of the top region are open now. */
export function useTopBannersOpen(): number {
  return useSyncExternalStore(
    subscribe,
    () => topOpen.size,
    () => 0,
  );
}

/** A phone's width (below Tailwind's `sm`): where banners take turns. */
const PHONE = '(max-width: 639.98px)';
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (l) => {
      const m = window.matchMedia?.(PHONE);
      m?.addEventListener('change', l);
      return () => m?.removeEventListener('change', l);
    },
    () => window.matchMedia?.(PHONE).matches ?? false,
    () => false,
  );
}

/** Configured alerts, the occasion banner (application data) and the beta-launch notice, in that order. */
export function ContentBanners() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const appData = useAppData();
  const alerts = appData.data?.config.alerts ?? [];
  const occasion = appData.data?.config.occasion;
  return (
    // On a phone, the first open notice only (the others wait their turn).
    <div role="region" aria-label={t`Notices`} className="max-sm:[&>*+*]:hidden">
      {alerts.map((a) =>
        // A banner staff set as not dismissible (issue 26) stays for its whole window.
        a.dismissible === false ? (
          <Banner key={a.id} tone={a.type}>
            <span dir="auto">{a.data[lang]}</span>
          </Banner>
        ) : (
          <ClosableBanner key={a.id} id={`alert:${a.id}`} tone={a.type}>
            <span dir="auto">{a.data[lang]}</span>
          </ClosableBanner>
        ),
      )}
      {occasion?.show && occasion.text && (
        <ClosableBanner id={`occasion:${occasion.text.en}`} tone="success">
          <span dir="auto">{occasion.text[lang]}</span>
        </ClosableBanner>
      )}
      <ClosableBanner id="beta-notice" tone="info">
        <Trans>This is the beta launch of the new portal. Tell us what you think through the contact page.</Trans>
      </ClosableBanner>
    </div>
  );
}
