import { Trans } from '@lingui/react/macro';
import { HOTLINE } from '../../../lib/constants.ts';

export function AboutPage() {
  return (
    <article className="prose-page">
      <h1 className="text-2xl font-bold">
        <Trans>About Kahraba</Trans>
      </h1>
      <p className="mt-4">
        <Trans>
          Kahraba is the e-services portal of the national electricity holding company and its nine distribution companies. It
          brings the services of every branch to your phone: requests for new meters and connections, meter registration and
          readings, bills and fees, certificates, and complaints.
        </Trans>
      </p>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Our commitments</Trans>
      </h2>
      <ul className="mt-2 list-disc ps-6">
        <li>
          <Trans>Every request can be followed step by step, with a clear timeline.</Trans>
        </li>
        <li>
          <Trans>The server computes every amount; you always see fees before you pay.</Trans>
        </li>
        <li>
          <Trans>Readings and drafts saved on your device are never lost, even without a connection.</Trans>
        </li>
        <li>
          <Trans>Arabic first, with a complete English version, on any phone, tablet or computer.</Trans>
        </li>
      </ul>
      <h2 className="mt-6 text-xl font-semibold">
        <Trans>Opening hours</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Branches are open from 9:00 to 17:00 every day except Friday. Technical support answers from 8:00 to 24:00 on the
          hotline <bdi>{HOTLINE}</bdi>.
        </Trans>
      </p>
    </article>
  );
}
