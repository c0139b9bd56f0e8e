import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { CardActions } from '../service-rules.ts';

/**
 * What the action says: the services whose use page is a screen of its own (issue 12) name what it does; every
 * other service files a new request.
 */
function ActionLabel({ slug }: { slug: string }) {
  switch (slug) {
    case 'BILL_CALCULATOR':
      return <Trans>Calculate a bill</Trans>;
    case 'PAYBILLS':
      return <Trans>Pay bills</Trans>;
    case 'METER_READING':
      return <Trans>Register a reading</Trans>;
    case 'ADD_METER':
      return <Trans>Add a meter</Trans>;
    default:
      return <Trans>New request</Trans>;
  }
}

/** The new-request action of a service: a link to its add page, or a disabled button (spec "Service cards"). */
export function NewRequestButton({ slug, action }: { slug: string; action: CardActions['newRequest'] }) {
  if (!action.show) return null;
  return action.disabled ? (
    <button type="button" className="btn-primary" disabled>
      <ActionLabel slug={slug} />
    </button>
  ) : (
    <Link to="/services/$serviceSlug/add" params={{ serviceSlug: slug }} className="btn-primary" data-tour="new-request">
      <ActionLabel slug={slug} />
    </Link>
  );
}
