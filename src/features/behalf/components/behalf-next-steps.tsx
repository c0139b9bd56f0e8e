import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * What an agent does next for the citizen they act for (issue 24): choose a service to file, register a meter
 * reading, pay or see the citizen's bills, see the citizen's requests and meters. Each page is the citizen's
 * (the server's owner is the citizen the agent's session acts for).
 */
export function BehalfNextSteps() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Next steps for this citizen`} className="mt-4" data-testid="behalf-next-steps">
      <ul className="grid gap-2 sm:grid-cols-2">
        <li>
          <Link to="/services" className="btn-primary w-full">
            <Trans>Choose a service</Trans>
          </Link>
        </li>
        <li>
          <Link to="/services/$serviceSlug/add" params={{ serviceSlug: 'METER_READING' }} className="btn-outline w-full">
            <Trans>Register a reading</Trans>
          </Link>
        </li>
        <li>
          <Link to="/inbox" className="btn-outline w-full">
            <Trans>The citizen's requests</Trans>
          </Link>
        </li>
        <li>
          <Link to="/services/$serviceSlug/add" params={{ serviceSlug: 'PAYBILLS' }} className="btn-outline w-full">
            <Trans>The citizen's bills</Trans>
          </Link>
        </li>
        <li>
          <Link to="/profile/meters" className="btn-outline w-full">
            <Trans>The citizen's meters</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
