import { Link } from '@tanstack/react-router';
import { Plural, Trans } from '@lingui/react/macro';
import type { TServiceCard } from '../../../../contract/catalog.ts';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { useViewer } from '../../../lib/viewer.ts';
import { cardActions } from '../service-rules.ts';
import { useOnBehalf } from '../use-on-behalf.ts';
import { NewRequestButton } from './new-request-button.tsx';
import { lazy, Suspense } from 'react';

// A signed-in citizen's only: loaded when shown, so a visitor's home page does not carry it (quality.md budget).
const FavouriteToggle = lazy(() => import('./favourite-toggle.tsx'));

/** A service card (spec section 2 "Service cards"). The title links where the card rules say. */
export function ServiceCard({ service, headingLevel = 3 }: { service: TServiceCard; headingLevel?: 2 | 3 | 4 }) {
  const viewer = useViewer();
  const onBehalf = useOnBehalf();
  const actions = cardActions(service, viewer, onBehalf);
  const attrs = service.businessAttributes;
  const H = `h${headingLevel}` as const;
  const slug = service.serviceSlug;
  return (
    <article
      className="flex h-full flex-col rounded-xl border border-line bg-card p-4 shadow-sm"
      data-testid="service-card"
      data-slug={slug}
    >
      <div className="flex items-start gap-3">
        {/* Decorative: the title next to it names the service. Lazy and sized, so a long list stays light. */}
        <img
          src={service.logo ?? '/icons/logo.svg'}
          alt=""
          width="40"
          height="40"
          loading="lazy"
          className="size-10 shrink-0 rounded-lg"
        />
        <H className="flex-1 self-center font-semibold">
          <Link to={actions.to} params={{ serviceSlug: slug }} className="hover:underline">
            {service.serviceLabel}
          </Link>
        </H>
        {actions.favourite.show && (
          <Suspense fallback={null}>
            <FavouriteToggle slug={slug} label={service.serviceLabel} />
          </Suspense>
        )}
      </div>
      <p className="mt-2 text-sm text-ink-muted">
        <MetaLine>
          {attrs.cost.kind === 'free' ? <Trans>Free</Trans> : <Trans context="service cost">Paid</Trans>}
          <Plural value={attrs.numberOfSteps} one="# step" other="# steps" />
          <Plural value={attrs.numberOfDays} _0="Same day" one="# day" other="# days" />
        </MetaLine>
      </p>
      {service.deactivated && (
        <p className="mt-2 text-sm font-medium text-warn">
          <Trans>Currently unavailable</Trans>
        </p>
      )}
      {(actions.newRequest.show || actions.myRequests.show) && (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <NewRequestButton slug={slug} action={actions.newRequest} />
          {actions.myRequests.show && (
            <Link to="/inbox" search={{ service: slug }} className="btn-outline">
              <Trans>My requests</Trans>
            </Link>
          )}
        </div>
      )}
    </article>
  );
}
