import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { activationPeriod, availability, type AvailabilityStatus } from '../../contract/availability.ts';
import { servicePageQuery, useServicePage } from '../features/catalog/api/get-service-page.ts';
import { cardActions } from '../features/catalog/service-rules.ts';
import { ErrorPanel } from '../components/error-panel.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { CardsSkeleton } from '../components/skeleton.tsx';
import { useViewer } from '../lib/viewer.ts';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';
import { NewRequestButton } from '../features/catalog/components/new-request-button.tsx';
import { formatMoney } from '../lib/text/format.ts';
import { amountInArabicWords } from '../../contract/number-words.ts';
import { lazy, Suspense, type ReactNode } from 'react';
import { APP_KIND } from '../lib/constants.ts';

// What only a signed-in citizen sees loads when shown: the favourite toggle and the table of my requests.
const FavouriteToggle = lazy(() => import('../features/catalog/components/favourite-toggle.tsx'));
const ServiceRequests = lazy(() => import('../features/requests/components/inbox-service-requests.tsx'));

export const Route = createFileRoute('/services/$serviceSlug')({
  beforeLoad: ({ params }) => {
    // Spec section 2: adding a meter happens in the profile's meters section.
    if (params.serviceSlug === 'ADD_METER') throw redirect({ to: '/profile/meters' as never });
    // The employee build's Tickets (technical support): the inbox of the tickets service (issue 11).
    if (APP_KIND === 'employee' && params.serviceSlug === 'tickets')
      throw redirect({ to: '/inbox' as never, search: { service: 'tickets' } as never });
  },
  loader: ({ context, params }) => ensureOrNotFound(context.queryClient, servicePageQuery(params.serviceSlug)),
  notFoundComponent: NotFoundPage,
  component: ServicePage,
});

const STATUS_LABELS: Record<AvailabilityStatus, ReactNode> = {
  active: <Trans>Active</Trans>,
  alwaysActive: <Trans>Always active (24/7)</Trans>,
  aboutToBeActive: <Trans>About to be active</Trans>,
  expired: <Trans>Ended</Trans>,
  deactivated: <Trans>Deactivated</Trans>,
};

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line bg-card p-3">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 font-semibold">{children}</dd>
    </div>
  );
}

function ServicePage() {
  const { serviceSlug } = Route.useParams();
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const viewer = useViewer();
  const service = useServicePage(serviceSlug);

  if (service.isPending) return <CardsSkeleton count={4} />;
  if (service.isError) return <ErrorPanel error={service.error} onRetry={() => void service.refetch()} />;
  const s = service.data;
  const texts = s.texts;
  const attrs = s.businessAttributes;
  const period = activationPeriod(s);
  const status = availability(s);
  const actions = cardActions(s, viewer);
  const signedIn = viewer.kind !== 'visitor';
  const amount = attrs.cost.kind === 'paid' && attrs.cost.amount !== undefined ? formatMoney(lang, attrs.cost.amount) : undefined;

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
          <Link to={'/inbox' as never} search={{ service: serviceSlug } as never} className="btn-outline">
            <Trans>My requests</Trans>
          </Link>
        )}
        <p className="basis-full max-w-3xl">{texts.description}</p>
      </header>

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={<Trans>Cost</Trans>}>
          {attrs.cost.kind === 'free' ? (
            <Trans>Free</Trans>
          ) : amount ? (
            <bdi>{amount}</bdi>
          ) : (
            <Trans context="service cost">Paid</Trans>
          )}
          {lang === 'ar' && attrs.cost.kind === 'paid' && attrs.cost.amount !== undefined && (
            <span className="mt-1 block text-sm font-normal">{amountInArabicWords(attrs.cost.amount)}</span>
          )}
          {texts.costNote && <span className="mt-1 block text-sm font-normal text-ink-muted">{texts.costNote}</span>}
        </Fact>
        <Fact label={<Trans>Payment methods</Trans>}>
          {attrs.payMethods.length === 0 ? (
            <Trans>No payment</Trans>
          ) : (
            attrs.payMethods.map((m, i) => (
              <span key={m}>
                {i > 0 && ' · '}
                {m === 'online' ? <Trans>Online</Trans> : <Trans>At the office</Trans>}
              </span>
            ))
          )}
        </Fact>
        <Fact label={<Trans>Activation period</Trans>}>
          {period ? <bdi dir="ltr">{period}</bdi> : <Trans>Open service</Trans>}
        </Fact>
        <Fact label={<Trans>Status</Trans>}>{STATUS_LABELS[status]}</Fact>
      </dl>

      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-xl font-semibold">
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

      {viewer.kind === 'citizen' && !s.hideServiceTable && (
        <Suspense fallback={null}>
          <ServiceRequests serviceSlug={serviceSlug} />
        </Suspense>
      )}

      {signedIn ? (
        <FullDetails terms={texts.terms} faq={texts.faq} video={attrs.video} />
      ) : (
        <section aria-labelledby="login-cta" className="rounded-xl border border-line bg-card p-6">
          <h2 id="login-cta" className="text-lg font-semibold">
            <Trans>Log in for full details</Trans>
          </h2>
          <p className="mt-1 text-ink-muted">
            {/* Promise only what this service has: most services have no guide video. */}
            {attrs.video ? (
              <Trans>
                Sign in to read the terms, watch the guide video, see the questions about this service and follow your requests.
              </Trans>
            ) : (
              <Trans>Sign in to read the terms, see the questions about this service and follow your requests.</Trans>
            )}
          </p>
          <Link to={'/login' as never} search={{ redirect: `/services/${serviceSlug}` } as never} className="btn-primary mt-4">
            <Trans>Log in</Trans>
          </Link>
        </section>
      )}
    </article>
  );
}

function FullDetails({
  terms,
  faq,
  video,
}: {
  terms: string[];
  faq: { question: string; answer: string }[];
  video: string | undefined;
}) {
  return (
    <>
      <section aria-labelledby="terms-title">
        <h2 id="terms-title" className="text-xl font-semibold">
          <Trans>Terms</Trans>
        </h2>
        <ul className="mt-2 list-disc ps-6">
          {terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
      {video && (
        <section aria-labelledby="video-title">
          <h2 id="video-title" className="text-xl font-semibold">
            <Trans>Video guide</Trans>
          </h2>
          <video src={video} controls preload="none" className="mt-2 w-full max-w-2xl rounded-lg" />
        </section>
      )}
      <section aria-labelledby="service-faq-title">
        <h2 id="service-faq-title" className="text-xl font-semibold">
          <Trans>Questions about this service</Trans>
        </h2>
        {faq.map((f) => (
          <details key={f.question} className="mt-2 rounded-lg border border-line bg-card p-3">
            <summary className="cursor-pointer font-medium">{f.question}</summary>
            <p className="mt-2 text-ink-muted">{f.answer}</p>
          </details>
        ))}
      </section>
    </>
  );
}
