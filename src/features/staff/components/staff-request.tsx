import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { TStaffRequestDetail } from '../../../../contract/staff.ts';
import { StaffAssignment } from './staff-request-assign.tsx';
import { StaffCommentForm } from './staff-request-comment.tsx';
import { StaffRequestFacts } from './staff-request-facts.tsx';
import { StaffActionFeedback } from './staff-request-feedback.tsx';
import { useStaffRun } from './staff-request-run.ts';
import { StaffAskInfo, StaffStatusForm } from './staff-request-status.tsx';
import { StaffFeeForm } from './staff-request-fee.tsx';

/**
 * What an employee sees and does on a request (issue 11): who it is for and who has it, the days left, and the
 * actions the workflow allows them now. Each action names the version on screen; when someone else changed the
 * request meanwhile, the alert says who, what and when, and "Reload" brings their change while everything typed
 * here stays (each part keeps its own fields; reloading replaces the request, not the parts).
 */
export function StaffRequestPanel({ request, onReload }: { request: TStaffRequestDetail; onReload: () => void }) {
  const id = useId();
  const { run, fail, pending, reset, error, conflict, problem, done } = useStaffRun(request);
  const part = { request, id, run, fail, pending };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border-2 border-brand bg-card p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Work on this request</Trans>
      </h2>
      <StaffRequestFacts request={request} />
      <StaffActionFeedback
        conflict={conflict}
        error={error}
        problem={problem}
        done={done}
        onReload={() => {
          reset();
          onReload();
        }}
      />
      {request.status.final ? (
        <p className="text-ink-muted">
          <Trans>This request is closed: it takes no more actions.</Trans>
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <StaffAssignment {...part} />
          <StaffFeeForm {...part} />
          <StaffStatusForm {...part} />
          <StaffAskInfo {...part} />
          <StaffCommentForm {...part} />
        </div>
      )}
    </section>
  );
}
