import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { CardsSkeleton } from '../../../components/skeleton.tsx';
import { useViewer } from '../../../lib/viewer.ts';
import { useServicePage } from '../api/get-service-page.ts';
import { cardActions } from '../service-rules.ts';
import { useOnBehalf } from '../use-on-behalf.ts';
import { NewRequestButton } from './new-request-button.tsx';
import { FullDetails, ServiceFacts, SignInForDetails } from './service-page-details.tsx';

// What only a signed-in citizen sees loads when shown: the favourite toggle.
const FavouriteToggle = lazy(() => import('./favourite-toggle.tsx'));

/**
 * A service's page (spec section 2 "Service page"): its name, picture and actions, cost, payment methods, period
 * and status, steps and papers; the signed-in viewer's requests of it (drawn by the requests feature, given by
 * the route) and the full details, or the invitation to sign in for them.
 */
export function ServicePage({
  serviceSlug,
  myRequests,
}: {
  serviceSlug: string;
  /** The citizen's requests of this service, drawn when the service shows its table. */
  myRequests: ReactNode;
}) {
  const viewer = useViewer();
  const onBehalf = useOnBehalf();
  const service = useServicePage(serviceSlug);

  if (service.isPending) return <CardsSkeleton count={4} />;
  if (service.isError) return <ErrorPanel error={service.error} onRetry={() => void service.refetch()} />;
  const s = service.data;
  const texts = s.texts;
  const attrs = s.businessAttributes;
  const actions = cardActions(s, viewer, onBehalf);
  const signedIn = viewer.kind !== 'visitor';

  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start gap-4">
        <img src={s.logo ?? '/icons/logo.svg'} alt="" width="64" height="64" className="rounded-lg bg-card" />
        <h1 className="flex-1 self-center text-2xl font-bold">{texts.serviceLabel}</h1>
        {actions.favourite.show && (
          <Suspense fallback={null}>
            <FavouriteToggle slug={serviceSlug} label={texts.serviceLabel} size="lg" />
          </Suspense>
        )}
        <NewRequestButton slug={serviceSlug} action={actions.newRequest} />
        {actions.myRequests.show && signedIn && (
          <Link to="/inbox" search={{ service: serviceSlug }} className="btn-outline">
            <Trans>My requests</Trans>
          </Link>
        )}
        <p className="basis-full max-w-3xl">{texts.description}</p>
      </header>

      {s.deactivated && (
        // Why the service takes no requests now, in the words of the people who run it (issue 26).
        <Notice tone="warning" live="off" testId="service-off">
          <p className="font-semibold">
            <Trans>This service is not taking requests at the moment.</Trans>
          </p>
          {texts.deactivationNote && <p dir="auto">{texts.deactivationNote}</p>}
        </Notice>
      )}

      <ServiceFacts service={s} />

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-xl font-semibold" data-tour="service-steps">
          <Trans>Steps</Trans>
        </h2>
        <ol className="mt-2 list-decimal ps-6">
          {texts.steps.map((step) => (
            <li key={step} className="py-1">
              {step}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="papers-title">
        <h2 id="papers-title" className="text-xl font-semibold">
          <Trans>Required papers</Trans>
        </h2>
        {texts.requiredPapers.length === 0 ? (
          <p className="mt-2 text-ink-muted">
            <Trans>No papers are required.</Trans>
          </p>
        ) : (
          <ul className="mt-2 list-disc ps-6">
            {texts.requiredPapers.map((p) => (
              <li key={p} className="py-1">
                {p}
              </li>
            ))}
          </ul>
        )}
      </section>

      {viewer.kind === 'citizen' && !s.hideServiceTable && myRequests}

      {signedIn ? (
        <FullDetails terms={texts.terms} faq={texts.faq} video={attrs.video} />
      ) : (
        <SignInForDetails serviceSlug={serviceSlug} video={attrs.video} />
      )}
    </article>
  );
}
