import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon } from '../../../components/icon.tsx';
import { HOTLINE, STORE_LINKS } from '../../../lib/constants.ts';

/** "Pay in the app and get cashback": the app's two store links. */
export function AppPromo() {
  return (
    <section aria-labelledby="app-title" className="rounded-2xl border border-line bg-card p-6">
      <h2 id="app-title" className="text-xl font-semibold">
        <Trans>Pay in the app and get cashback</Trans>
      </h2>
      <p className="mt-2 text-ink-muted">
        <Trans>Download the Kahraba app: pay your bills and fees in a few taps and get cashback on in-app payments.</Trans>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={STORE_LINKS.googlePlay} className="btn-primary" rel="noopener" target="_blank">
          <Icon name="download" className="size-5" />
          <Trans>Google Play</Trans>
        </a>
        <a href={STORE_LINKS.appStore} className="btn-outline" rel="noopener" target="_blank">
          <Icon name="download" className="size-5" />
          <Trans>App Store</Trans>
        </a>
      </div>
    </section>
  );
}

/** "Need help?": the hotline and the contact page. */
export function HelpBanner() {
  return (
    <section
      aria-labelledby="contact-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-card p-6 shadow-sm"
    >
      <div>
        <h2 id="contact-title" className="text-xl font-semibold">
          <Trans>Need help?</Trans>
        </h2>
        <p className="mt-1 text-ink-muted">
          <Trans>Call the unified customer service hotline, or write to us.</Trans>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={`tel:${HOTLINE}`} className="btn-primary">
          <Icon name="phone" className="size-5" />
          <Trans>
            Call <bdi>{HOTLINE}</bdi>
          </Trans>
        </a>
        <Link to="/contact" className="btn-outline">
          <Trans>Contact us</Trans>
        </Link>
      </div>
    </section>
  );
}
