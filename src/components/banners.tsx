import type { ReactNode } from 'react';
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
    <div className={`${tones[tone]} border-b border-line`}>
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
