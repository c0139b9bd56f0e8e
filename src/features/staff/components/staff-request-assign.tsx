import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { readHints } from '../../../lib/session.ts';
import { useColleagues } from '../api.ts';
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
      <div>
        <button
          type="button"
          className="btn-outline"
          disabled={pending}
          onClick={() =>
            run(
              { kind: 'escalate', escalated: !request.escalated },
              () => undefined,
              request.escalated ? t`The escalation was removed.` : t`The request was escalated.`,
            )
          }
        >
          {request.escalated ? <Trans>Remove escalation</Trans> : <Trans>Escalate</Trans>}
        </button>
      </div>
    </div>
  );
}
