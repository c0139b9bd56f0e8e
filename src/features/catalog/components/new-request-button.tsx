import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { CardActions } from '../service-rules.ts';

/** The new-request action of a service: a link to its add page, or a disabled button (spec "Service cards"). */
export function NewRequestButton({ slug, action }: { slug: string; action: CardActions['newRequest'] }) {
  if (!action.show) return null;
  return action.disabled ? (
    <button type="button" className="btn-primary" disabled>
      <Trans>New request</Trans>
    </button>
  ) : (
    <Link to="/services/$serviceSlug/add" params={{ serviceSlug: slug }} className="btn-primary" data-tour="new-request">
      <Trans>New request</Trans>
    </Link>
  );
}
