import { useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { numberPrefix } from '../../contract/request-number.ts';

/**
 * A request number as people read it (decision 061): the service's prefix in the page's language, then the year
 * and sequence as a left-to-right isolate, the whole isolated from the text around it, so «شك-2026-000123» never
 * scrambles in an Arabic sentence. `data-number` keeps the stored number (links, tests, copy).
 */
export function RequestNumber({ value, className = '' }: { value: string; className?: string }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const p = numberPrefix(value, lang);
  return (
    <bdi
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      className={`font-mono ${className}`}
      data-testid="request-number"
      data-number={value}
    >
      {p ? (
        <>
          {p.prefix}-<bdi dir="ltr">{p.rest}</bdi>
        </>
      ) : (
        <bdi dir="ltr">{value}</bdi>
      )}
    </bdi>
  );
}
