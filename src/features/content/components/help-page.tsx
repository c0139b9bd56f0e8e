import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { HOTLINE } from '../../../lib/constants.ts';

/** The help page: a static content page (the layout of the privacy and about pages), in both languages. */
export function HelpPage() {
  return (
    <article>
      <h1 className="text-2xl font-bold">
        <Trans>Help</Trans>
      </h1>
      <p className="mt-4">
        <Trans>
          This page explains how to use the portal's services. If your question is not answered here, we are glad to help.
        </Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Submitting a request</Trans>
      </h2>
      <ol className="mt-2 list-decimal ps-6">
        <li>
          <Trans>Open the services page and choose the service you need.</Trans>
        </li>
        <li>
          <Trans>Read its required papers and terms, then press "New request".</Trans>
        </li>
        <li>
          <Trans>Fill in the form. You can save it as a draft and continue later, even offline.</Trans>
        </li>
        <li>
          <Trans>Send the request, and follow its status under "My requests".</Trans>
        </li>
      </ol>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Bills and meters</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Register your meters under "My meters" in the account menu. Their bills can then be paid from "My bills", and readings
          registered from the meter's page.
        </Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Still need help?</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Read the{' '}
          <Link to="/faq" className="text-brand underline">
            frequently asked questions
          </Link>
          , write to us through the{' '}
          <Link to="/contact" className="text-brand underline">
            contact page
          </Link>
          , or call the hotline <bdi>{HOTLINE}</bdi>.
        </Trans>
      </p>
    </article>
  );
}
