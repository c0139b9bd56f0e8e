import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { StaffCommentField } from './staff-comment-field.tsx';
import type { ActionPartProps } from './staff-request-run.ts';

/** A comment on the request: for the citizen, or internal (staff only). */
export function StaffCommentForm({ id, run, fail, pending }: Omit<ActionPartProps, 'request'>) {
  const { t } = useLingui();
  const [comment, setComment] = useState('');
  const [internal, setInternal] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (comment.trim() === '') return fail(t`Write the comment first.`);
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
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate data-shortcut="comment">
      <StaffCommentField
        id={`${id}-comment`}
        label={<Trans>Add a comment</Trans>}
        labelClassName="font-semibold"
        value={comment}
        onChange={setComment}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" className="size-5" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
        <Trans>Internal (staff only)</Trans>
      </label>
      <div>
        <button type="submit" className="btn-outline" disabled={pending}>
          <Trans>Add comment</Trans>
        </button>
      </div>
    </form>
  );
}
