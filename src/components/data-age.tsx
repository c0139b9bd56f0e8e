import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { usePwa } from '../lib/pwa.ts';
import { formatDate, formatTime } from '../lib/text/format.ts';
import { Icon } from './icon.tsx';

const DAY_MS = 86_400_000;

/**
 * "Offline: data as of 10:42, yesterday" (decision 053): the one line a page with kept data shows above it while
 * the device is offline, or when the last try to read it again failed. Nothing while the data is fresh.
 */
export function DataAge({ updatedAt, failed = false }: { updatedAt: number | undefined; failed?: boolean }) {
  const { online } = usePwa();
  const { i18n, t } = useLingui();
  if ((online && !failed) || !updatedAt) return null;
  const lang = i18n.locale as TLang;
  const now = Date.now();
  const sameDay = (a: number, b: number) => formatDate(lang, a) === formatDate(lang, b);
  const time = formatTime(lang, updatedAt);
  const day = sameDay(updatedAt, now) ? t`today` : sameDay(updatedAt, now - DAY_MS) ? t`yesterday` : formatDate(lang, updatedAt);
  return (
    <p className="flex items-center gap-2 text-sm text-warning-ink" data-testid="data-age">
      <Icon name="offline" className="size-4 shrink-0" />
      {online ? (
        <Trans>
          Could not refresh: data as of {time}, {day}.
        </Trans>
      ) : (
        <Trans>
          Offline: data as of {time}, {day}.
        </Trans>
      )}
    </p>
  );
}
