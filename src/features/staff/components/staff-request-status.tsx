import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { NEEDS_INFO } from '../../../../contract/workflow.ts';
import { Field } from '../../../components/ui/field.tsx';
import { StaffCommentField } from './staff-comment-field.tsx';
import type { ActionPartProps } from './staff-request-run.ts';

/** The status moves the workflow allows this employee now, with a comment where the move needs one. */
export function StaffStatusForm({ request, id, run, fail, pending }: ActionPartProps) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const [to, setTo] = useState('');
  const [comment, setComment] = useState('');
  const chosen = request.transitions.find((x) => x.to === to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return fail(t`Choose the new status.`);
    if (chosen.needsComment && comment.trim() === '') return fail(t`Write a comment saying what is needed.`);
    run(
      { kind: 'status', to, comment: comment.trim() || undefined },
      () => {
        setTo('');
        setComment('');
      },
      t`The status was changed.`,
    );
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <h3 className="font-semibold">
        <Trans>Change status</Trans>
      </h3>
      {request.transitions.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>No status change is open to you now.</Trans>
        </p>
      ) : (
        <>
          <Field id={`${id}-to`} label={<Trans>New status</Trans>}>
            <select className="input" value={to} onChange={(e) => setTo(e.target.value)}>
              <option value="">{t`Choose the new status`}</option>
              {request.transitions.map((x) => (
                <option key={x.to} value={x.to}>
                  {x.label[lang]}
                </option>
              ))}
            </select>
          </Field>
          <StaffCommentField
            id={`${id}-status-comment`}
            label={<Trans>Comment</Trans>}
            required={chosen?.needsComment}
            value={comment}
            onChange={setComment}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={pending}>
              <Trans>Change status</Trans>
            </button>
          </div>
        </>
      )}
    </form>
  );
}

/** "Ask for more information": a move to NEEDS_INFO with the text the citizen will read; nothing when not allowed. */
export function StaffAskInfo({ request, id, run, fail, pending }: ActionPartProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState('');
  if (!request.transitions.some((x) => x.to === NEEDS_INFO)) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (info.trim() === '') return fail(t`Write a comment saying what is needed.`);
    run(
      { kind: 'status', to: NEEDS_INFO, comment: info.trim() },
      () => {
        setInfo('');
        setOpen(false);
      },
      t`The citizen was asked for more information.`,
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <button
          type="button"
          className="btn-outline"
          aria-expanded={open}
          aria-controls={`${id}-info`}
          onClick={() => setOpen(!open)}
        >
          <Trans>Ask for more information</Trans>
        </button>
      </div>
      {open && (
        <form id={`${id}-info`} className="flex flex-col gap-2" onSubmit={submit} noValidate>
          <StaffCommentField
            id={`${id}-info-text`}
            label={<Trans>What information is needed</Trans>}
            required
            value={info}
            onChange={setInfo}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={pending}>
              <Trans>Send request for information</Trans>
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
