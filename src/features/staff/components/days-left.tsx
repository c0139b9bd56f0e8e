import { Plural, Trans } from '@lingui/react/macro';
import type { TSla } from '../../../../contract/staff.ts';

/** A count of days left; overdue said in words, not by colour alone. */
function Left({ left }: { left: number | null }) {
  if (left === null) return <span className="text-ink-muted">—</span>;
  if (left < 0) {
    const late = -left;
    return (
      <span className="font-semibold text-danger">
        <span aria-hidden="true">⚠ </span>
        <Plural value={late} one="Overdue by # day" other="Overdue by # days" />
      </span>
    );
  }
  return <Plural value={left} one="# day left" other="# days left" />;
}

/**
 * The days left in the current stage and in the whole request, each labelled (decision 050: "days left" alone did
 * not say which). A closed request has none: `closed` is said instead.
 */
export function DaysLeft({ sla, closed }: { sla: TSla; closed?: boolean }) {
  if (closed)
    return (
      <span className="text-ink-muted">
        <Trans>Closed</Trans>
      </span>
    );
  if (sla.stageDaysLeft === null && sla.totalDaysLeft === null) return <span className="text-ink-muted">—</span>;
  return (
    <span className="flex flex-col">
      <span data-testid="stage-days-left">
        <Trans>Stage:</Trans> <Left left={sla.stageDaysLeft} />
      </span>
      <span className="text-sm" data-testid="request-days-left">
        <Trans>Whole request:</Trans> <Left left={sla.totalDaysLeft} />
      </span>
    </span>
  );
}
