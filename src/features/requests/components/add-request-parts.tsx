import { Trans, useLingui } from '@lingui/react/macro';
import type { TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { activationPeriod } from '../../../../contract/availability.ts';

/** The activity a new request fills in. */
export const APPLY = 'apply';

/** Why a service cannot take a request on the web now, if it cannot (spec section 2 "Service cards"). */
export function unavailableReason(s: TService): 'web' | 'inactive' | 'noForm' | undefined {
  if (s.disabledOn.includes('web')) return 'web';
  if (s.deactivated || !s.isActive) return 'inactive';
  if (!s.activities.some((a) => a.activityId === APPLY)) return 'noForm';
  return undefined;
}

/** The add page's header: the service's picture and name under "New request". */
export function AddHeader({ service }: { service: TService }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  return (
    <header className="flex items-center gap-4" data-tour="add-header">
      <img src={service.logo ?? '/icons/logo.svg'} alt="" width="56" height="56" className="size-14 rounded-lg bg-card" />
      <div>
        <p className="text-sm text-ink-muted">
          <Trans>New request</Trans>
        </p>
        <h1 className="text-2xl font-bold">{service.translations[lang].serviceLabel}</h1>
      </div>
    </header>
  );
}

/** Why the service takes no request on the web now, and its active period when it has one. */
export function AddUnavailable({ service, reason }: { service: TService; reason: 'web' | 'inactive' | 'noForm' }) {
  const period = activationPeriod({ fromDate: service.fromDate, toDate: service.toDate });
  return (
    <section role="status" className="rounded-xl border border-line bg-card p-6">
      <h2 className="text-lg font-semibold">
        <Trans>Requests cannot be made now</Trans>
      </h2>
      <p className="mt-2">
        {reason === 'web' ? (
          <Trans>This service is not offered on the website. Use the mobile app or visit a customer service center.</Trans>
        ) : reason === 'inactive' ? (
          <Trans>This service is not active at the moment, so it does not take new requests.</Trans>
        ) : (
          <Trans>This service has no form to fill in on the website.</Trans>
        )}
      </p>
      {reason === 'inactive' && period && (
        <p className="mt-2 text-ink-muted">
          <Trans>Active period:</Trans> <bdi dir="ltr">{period}</bdi>
        </p>
      )}
    </section>
  );
}
