import { Plural } from '@lingui/react/macro';
import type { TSla } from '../../../../contract/staff.ts';

/** Days left in the stage (else the whole request); overdue said in words, not by colour alone. */
export function DaysLeft({ sla }: { sla: TSla }) {
  const left = sla.stageDaysLeft ?? sla.totalDaysLeft;
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
