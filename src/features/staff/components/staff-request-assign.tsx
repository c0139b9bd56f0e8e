import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { readHints } from '../../../lib/session.ts';
import { useColleagues } from '../api.ts';
import { StaffCommentField } from './staff-comment-field.tsx';
import type { ActionPartProps } from './staff-request-run.ts';

/** Assignment: to me, to nobody, to a colleague of the service; and the escalation switch. */
export function StaffAssignment({ request, id, run, fail, pending }: ActionPartProps) {
  const { t } = useLingui();
  const me = readHints('user')?.userId;
  const colleagues = useColleagues(request.serviceSlug, request.id);
  const [colleague, setColleague] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">
        <Trans>Assignment</Trans>
      </h3>
      <div className="flex flex-wrap gap-2">
        {me && request.assignee?.id !== me && (
          <button
            type="button"
            className="btn-primary"
            data-shortcut="assign"
            disabled={pending}
            onClick={() => run({ kind: 'assign', assigneeId: me }, () => undefined, t`The request is assigned to you.`)}
          >
            <Trans>Assign to me</Trans>
          </button>
        )}
        {request.assignee && (
          <button
            type="button"
            className="btn-outline"
            disabled={pending}
            onClick={() => run({ kind: 'assign', assigneeId: null }, () => undefined, t`The assignment was removed.`)}
          >
            <Trans>Unassign</Trans>
          </button>
        )}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!colleague) return fail(t`Choose a colleague.`);
          run({ kind: 'assign', assigneeId: colleague }, () => setColleague(''), t`The request was assigned.`);
        }}
      >
        <Field id={`${id}-colleague`} label={<Trans>Assign to a colleague</Trans>}>
          <select className="input" value={colleague} onChange={(e) => setColleague(e.target.value)}>
            <option value="">{t`Choose a colleague`}</option>
            {(colleagues.data?.items ?? [])
              .filter((c) => c.id !== request.assignee?.id)
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
          </select>
        </Field>
        <button type="submit" className="btn-outline" disabled={pending}>
          <Trans>Assign</Trans>
        </button>
      </form>
      <StaffEscalation request={request} id={id} run={run} fail={fail} pending={pending} />
    </div>
  );
}

/**
 * The escalation switch. Escalating asks why (decision 050): the reason is kept with the escalation's event and as
 * an internal note (staff only); removing an escalation needs none.
 */
function StaffEscalation({ request, id, run, fail, pending }: ActionPartProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (request.escalated)
    return (
      <div>
        <button
          type="button"
          className="btn-outline"
          disabled={pending}
          onClick={() => run({ kind: 'escalate', escalated: false }, () => undefined, t`The escalation was removed.`)}
        >
          <Trans>Remove escalation</Trans>
        </button>
      </div>
    );
  if (!asking)
    return (
      <div>
        <button type="button" className="btn-outline" disabled={pending} onClick={() => setAsking(true)}>
          <Trans>Escalate</Trans>
        </button>
      </div>
    );
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const why = reason.trim();
        if (!why) return fail(t`Say why the request is escalated.`);
        run(
          { kind: 'escalate', escalated: true, reason: why },
          () => {
            setReason('');
            setAsking(false);
          },
          t`The request was escalated.`,
        );
      }}
    >
      <StaffCommentField
        id={`${id}-escalation`}
        label={<Trans>Why escalate? (internal, staff only)</Trans>}
        value={reason}
        onChange={setReason}
        required
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={pending}>
          <Trans>Escalate the request</Trans>
        </button>
        <button type="button" className="btn-outline" onClick={() => setAsking(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
