import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TServicePartial } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';

export function ServiceCard({ service }: { service: TServicePartial }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const texts = service.translations?.[lang];
  const attrs = service.businessAttributes;
  return (
    <article className="h-full rounded-xl border border-line bg-card p-4 shadow-sm">
      <h4 className="font-semibold">{texts?.serviceLabel ?? service.serviceLabel}</h4>
      {attrs && (
        <p className="mt-2 text-sm text-ink-muted">
          {attrs.cost.kind === 'free' ? <Trans>Free</Trans> : <Trans>Paid</Trans>}
          {' · '}
          <Plural value={attrs.numberOfSteps} one="# step" other="# steps" />
          {' · '}
          <Plural value={attrs.numberOfDays} one="# day" other="# days" />
        </p>
      )}
      {service.deactivated && (
        <p className="mt-2 text-sm font-medium text-warn">
          <Trans>Currently unavailable</Trans>
        </p>
      )}
    </article>
  );
}
