import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TServicePage } from '../../../../contract/service-page.ts';
import { activationPeriod, availability, type AvailabilityStatus } from '../../../../contract/availability.ts';
import { amountInArabicWords } from '../../../../contract/number-words.ts';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { MetaLine } from '../../../components/ui/meta-line.tsx';
import { localDigits } from '../../../lib/locale.ts';
import { formatMoney } from '../../../lib/text/format.ts';

const STATUS_LABELS: Record<AvailabilityStatus, ReactNode> = {
  active: <Trans>Active</Trans>,
  alwaysActive: <Trans>Always active (24/7)</Trans>,
  aboutToBeActive: <Trans>About to be active</Trans>,
  expired: <Trans>Ended</Trans>,
  deactivated: <Trans>Deactivated</Trans>,
};

/** A service's cost (with the amount in Arabic words), payment methods, activation period and status. */
export function ServiceFacts({ service: s }: { service: TServicePage }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const texts = s.texts;
  const attrs = s.businessAttributes;
  const period = activationPeriod(s);
  const status = availability(s);
  const amount = attrs.cost.kind === 'paid' && attrs.cost.amount !== undefined ? formatMoney(lang, attrs.cost.amount) : undefined;
  return (
    <LabelValueList layout="tiles" className="sm:grid-cols-2 lg:grid-cols-4" tour="service-cost">
      <LabelValue label={<Trans>Cost</Trans>}>
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
      </LabelValue>
      <LabelValue label={<Trans>Payment methods</Trans>}>
        {attrs.payMethods.length === 0 ? (
          <Trans>No payment</Trans>
        ) : (
          <MetaLine>
            {attrs.payMethods.map((m) => (m === 'online' ? <Trans key={m}>Online</Trans> : <Trans key={m}>At the office</Trans>))}
          </MetaLine>
        )}
      </LabelValue>
      <LabelValue label={<Trans>Activation period</Trans>}>
        {period ? <bdi dir="ltr">{localDigits(lang, period)}</bdi> : <Trans>Open service</Trans>}
      </LabelValue>
      <LabelValue label={<Trans>Status</Trans>}>{STATUS_LABELS[status]}</LabelValue>
    </LabelValueList>
  );
}

/** A visitor's invitation to sign in for the terms, the video and the questions. */
export function SignInForDetails({ serviceSlug, video }: { serviceSlug: string; video: string | undefined }) {
  return (
    <section aria-labelledby="login-cta" className="rounded-xl border border-line bg-card p-6">
      <h2 id="login-cta" className="text-lg font-semibold">
        <Trans>Log in for full details</Trans>
      </h2>
      <p className="mt-1 text-ink-muted">
        {/* Promise only what this service has: most services have no guide video. */}
        {video ? (
          <Trans>
            Sign in to read the terms, watch the guide video, see the questions about this service and follow your requests.
          </Trans>
        ) : (
          <Trans>Sign in to read the terms, see the questions about this service and follow your requests.</Trans>
        )}
      </p>
      <Link to="/login" search={{ redirect: `/services/${serviceSlug}` }} className="btn-primary mt-4">
        <Trans>Log in</Trans>
      </Link>
    </section>
  );
}

/** What a signed-in viewer reads more: terms, the guide video, the questions about the service. */
export function FullDetails({
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
