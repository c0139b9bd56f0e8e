import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { TApiError } from '../../../../contract/errors.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { TStaffRequestDetail } from '../../../../contract/staff.ts';
import { NEEDS_INFO } from '../../../../contract/workflow.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { readHints } from '../../../lib/session.ts';
import { formatDate, formatDateTime } from '../../../lib/text/format.ts';
import { useColleagues, useStaffAction, type StaffAction } from '../api.ts';
import { DaysLeft } from './staff-inbox.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

const ACTIONS: Record<string, MessageDescriptor> = {
  created: msg`filed it`,
  assigned: msg`assigned it`,
  unassigned: msg`removed its assignment`,
  status: msg`changed its status`,
  'bulk-assigned': msg`assigned it to an installation company`,
  escalated: msg`changed its escalation`,
  activity: msg`completed an activity`,
  comment: msg`added a comment`,
  cancelled: msg`cancelled it`,
  rated: msg`rated it`,
};

/** "Mona Salem changed this request (assigned it) at 10:42": who, what and when, from a 409 REQUEST_CHANGED. */
export function ConflictText({ conflict }: { conflict: NonNullable<TApiError['conflict']> }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const action = i18n._(ACTIONS[conflict.action] ?? msg`changed it`);
  const when = formatDateTime(lang, conflict.at);
  const who = conflict.by ?? i18n._(msg`Someone`);
  return (
    <Trans>
      <bdi>{who}</bdi> changed this request ({action}) at <time dateTime={conflict.at}>{when}</time>.
    </Trans>
  );
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-0.5 font-semibold">{children}</dd>
    </div>
  );
}

/**
 * What an employee sees and does on a request (issue 11): who it is for and who has it, the days left, and the
 * actions the workflow allows them now. Each action names the version on screen; when someone else changed the
 * request meanwhile, the alert says who, what and when, and "Reload" brings their change while everything typed
 * here stays.
 */
export function StaffRequestPanel({ request, onReload }: { request: TStaffRequestDetail; onReload: () => void }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const me = readHints('user')?.userId;
  const action = useStaffAction(request);
  const colleagues = useColleagues(request.serviceSlug, request.id);
  const [to, setTo] = useState('');
  const [statusComment, setStatusComment] = useState('');
  const [infoOpen, setInfoOpen] = useState(false);
  const [info, setInfo] = useState('');
  const [comment, setComment] = useState('');
  const [internal, setInternal] = useState(false);
  const [colleague, setColleague] = useState('');
  const [problem, setProblem] = useState<string[] | undefined>();
  const [done, setDone] = useState<string | undefined>();

  const error = action.error instanceof ApiError ? action.error : undefined;
  const conflict = error?.code === 'REQUEST_CHANGED' ? error.conflict : undefined;
  const run = (a: StaffAction, after: () => void, ok: string) => {
    setProblem(undefined);
    setDone(undefined);
    action.mutate(a, {
      onSuccess: () => {
        after();
        setDone(ok);
      },
    });
  };
  const final = request.status.final;
  const canAskInfo = request.transitions.some((x) => x.to === NEEDS_INFO);
  const chosen = request.transitions.find((x) => x.to === to);

  const changeStatus = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setProblem([t`Choose the new status.`]);
    if (chosen.needsComment && statusComment.trim() === '') return setProblem([t`Write a comment saying what is needed.`]);
    run(
      { kind: 'status', to, comment: statusComment.trim() || undefined },
      () => {
        setTo('');
        setStatusComment('');
      },
      t`The status was changed.`,
    );
  };
  const askInfo = (e: FormEvent) => {
    e.preventDefault();
    if (info.trim() === '') return setProblem([t`Write a comment saying what is needed.`]);
    run(
      { kind: 'status', to: NEEDS_INFO, comment: info.trim() },
      () => {
        setInfo('');
        setInfoOpen(false);
      },
      t`The citizen was asked for more information.`,
    );
  };
  const addComment = (e: FormEvent) => {
    e.preventDefault();
    if (comment.trim() === '') return setProblem([t`Write the comment first.`]);
    run(
      { kind: 'comment', body: comment.trim(), internal },
      () => {
        setComment('');
        setInternal(false);
      },
      t`The comment was added.`,
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border-2 border-brand bg-card p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Work on this request</Trans>
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={<Trans>Citizen</Trans>}>
          {request.owner ? (
            <>
              <bdi>{request.owner.name}</bdi>
              {request.owner.nationalId && (
                <span className="block text-sm font-normal">
                  <Trans>National ID</Trans> <bdi dir="ltr">{request.owner.nationalId}</bdi>
                </span>
              )}
              {request.owner.mobile && (
                <span className="block text-sm font-normal">
                  <Trans>Mobile</Trans> <bdi dir="ltr">{request.owner.mobile}</bdi>
                </span>
              )}
            </>
          ) : (
            <Trans>A visitor without an account</Trans>
          )}
        </Fact>
        <Fact label={<Trans>Days left</Trans>}>
          <DaysLeft sla={request.sla} />
        </Fact>
        <Fact label={<Trans>Assigned to</Trans>}>
          {request.assignee ? <bdi>{request.assignee.name}</bdi> : <Trans>Not assigned</Trans>}
          {request.assignedCompany && <span className="block text-sm font-normal">{request.assignedCompany.name[lang]}</span>}
        </Fact>
        {request.filedBy && (
          <Fact label={<Trans>Filed on the citizen's behalf by</Trans>}>
            <bdi>{request.filedBy.name}</bdi>
          </Fact>
        )}
        {request.escalated && (
          <Fact label={<Trans>Escalated</Trans>}>
            {request.escalatedAt ? (
              <time dateTime={request.escalatedAt}>{formatDate(lang, request.escalatedAt)}</time>
            ) : (
              <Trans>Yes</Trans>
            )}
          </Fact>
        )}
      </dl>

      {conflict && (
        <Notice tone="warning" live="alert" className="flex flex-col gap-2">
          <p>
            <ConflictText conflict={conflict} /> <Trans>Reload it to see their change; what you typed is kept.</Trans>
          </p>
          <div>
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                action.reset();
                onReload();
              }}
            >
              <Trans>Reload</Trans>
            </button>
          </div>
        </Notice>
      )}
      {!conflict && (error || problem) && (
        <Notice tone="error" inline>
          {(problem ?? errorMessages(i18n, error ?? null)).join(' ')}
        </Notice>
      )}
      {done && !action.isPending && !error && (
        <Notice tone="success" inline>
          {done}
        </Notice>
      )}

      {final ? (
        <p className="text-ink-muted">
          <Trans>This request is closed: it takes no more actions.</Trans>
        </p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">
              <Trans>Assignment</Trans>
            </h3>
            <div className="flex flex-wrap gap-2">
              {me && request.assignee?.id !== me && (
                <button
                  type="button"
                  className="btn-primary"
                  disabled={action.isPending}
                  onClick={() => run({ kind: 'assign', assigneeId: me }, () => undefined, t`The request is assigned to you.`)}
                >
                  <Trans>Assign to me</Trans>
                </button>
              )}
              {request.assignee && (
                <button
                  type="button"
                  className="btn-outline"
                  disabled={action.isPending}
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
                if (!colleague) return setProblem([t`Choose a colleague.`]);
                run({ kind: 'assign', assigneeId: colleague }, () => setColleague(''), t`The request was assigned.`);
              }}
            >
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-colleague`}>
                  <Trans>Assign to a colleague</Trans>
                </label>
                <select id={`${id}-colleague`} className="input" value={colleague} onChange={(e) => setColleague(e.target.value)}>
                  <option value="">{t`Choose a colleague`}</option>
                  {(colleagues.data?.items ?? [])
                    .filter((c) => c.id !== request.assignee?.id)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                </select>
              </div>
              <button type="submit" className="btn-outline" disabled={action.isPending}>
                <Trans>Assign</Trans>
              </button>
            </form>
            <div>
              <button
                type="button"
                className="btn-outline"
                disabled={action.isPending}
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

          <form className="flex flex-col gap-2" onSubmit={changeStatus} noValidate>
            <h3 className="font-semibold">
              <Trans>Change status</Trans>
            </h3>
            {request.transitions.length === 0 ? (
              <p className="text-ink-muted">
                <Trans>No status change is open to you now.</Trans>
              </p>
            ) : (
              <>
                <label htmlFor={`${id}-to`}>
                  <Trans>New status</Trans>
                </label>
                <select id={`${id}-to`} className="input" value={to} onChange={(e) => setTo(e.target.value)}>
                  <option value="">{t`Choose the new status`}</option>
                  {request.transitions.map((x) => (
                    <option key={x.to} value={x.to}>
                      {x.label[lang]}
                    </option>
                  ))}
                </select>
                <label htmlFor={`${id}-status-comment`}>
                  <Trans>Comment</Trans>
                </label>
                <textarea
                  id={`${id}-status-comment`}
                  className="input min-h-20 py-2"
                  value={statusComment}
                  maxLength={2000}
                  dir="auto"
                  onChange={(e) => setStatusComment(e.target.value)}
                />
                <div>
                  <button type="submit" className="btn-primary" disabled={action.isPending}>
                    <Trans>Change status</Trans>
                  </button>
                </div>
              </>
            )}
          </form>

          {canAskInfo && (
            <div className="flex flex-col gap-2">
              <div>
                <button
                  type="button"
                  className="btn-outline"
                  aria-expanded={infoOpen}
                  aria-controls={`${id}-info`}
                  onClick={() => setInfoOpen(!infoOpen)}
                >
                  <Trans>Ask for more information</Trans>
                </button>
              </div>
              {infoOpen && (
                <form id={`${id}-info`} className="flex flex-col gap-2" onSubmit={askInfo} noValidate>
                  <label htmlFor={`${id}-info-text`}>
                    <Trans>What information is needed</Trans>
                  </label>
                  <textarea
                    id={`${id}-info-text`}
                    className="input min-h-20 py-2"
                    value={info}
                    maxLength={2000}
                    dir="auto"
                    onChange={(e) => setInfo(e.target.value)}
                  />
                  <div>
                    <button type="submit" className="btn-primary" disabled={action.isPending}>
                      <Trans>Send request for information</Trans>
                    </button>
                  </div>
                </form>
              )}
            </div>
          )}

          <form className="flex flex-col gap-2" onSubmit={addComment} noValidate>
            <label htmlFor={`${id}-comment`} className="font-semibold">
              <Trans>Add a comment</Trans>
            </label>
            <textarea
              id={`${id}-comment`}
              className="input min-h-20 py-2"
              value={comment}
              maxLength={2000}
              dir="auto"
              onChange={(e) => setComment(e.target.value)}
            />
            <label className="flex items-center gap-2">
              <input type="checkbox" className="size-5" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
              <Trans>Internal (staff only)</Trans>
            </label>
            <div>
              <button type="submit" className="btn-outline" disabled={action.isPending}>
                <Trans>Add comment</Trans>
              </button>
            </div>
          </form>
        </div>
      )}
    </section>
  );
}
