import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TComment, TRequestDetail } from '../../../../contract/requests.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { submitWrite } from '../../outbox/index.ts';
import { requestKeys } from '../keys.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Actor, type RequestViewer } from './view-timeline.tsx';

const MAX_COMMENT = 2000;

/**
 * Comments on a request: the employees' ones and the citizen's replies, oldest first. The reply is a write of
 * the outbox (decision 019): sent at once when online, kept on the device and sent later when not, under one
 * Idempotency-Key, so it is never lost and never posted twice.
 */
export function Comments({
  request,
  readOnly = false,
  viewer,
}: {
  request: TRequestDetail;
  readOnly?: boolean;
  /** Staff name the citizen (the timeline's `viewer`). */
  viewer?: RequestViewer;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const noticeId = `${id}-notice`;
  const qc = useQueryClient();
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'wait' | 'error'; text: string[] } | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (text === '') {
      setNotice({ tone: 'error', text: [t`Write your reply first.`] });
      return;
    }
    setSending(true);
    setNotice(undefined);
    try {
      const outcome = await submitWrite({
        kind: 'requestComment',
        input: { params: { serviceSlug: request.serviceSlug, id: request.id }, body: { body: text } },
        meta: { title: request.serviceLabel, serviceSlug: request.serviceSlug },
      });
      if (outcome.status === 'sent') {
        const comment = outcome.result as TComment;
        qc.setQueryData(requestKeys.one(request.serviceSlug, request.id), (old: TRequestDetail | undefined) =>
          old && !old.comments.some((c) => c.id === comment.id) ? { ...old, comments: [...old.comments, comment] } : old,
        );
        void qc.invalidateQueries({ queryKey: requestKeys.one(request.serviceSlug, request.id) });
        setBody('');
        setNotice({ tone: 'ok', text: [t`Your reply has been sent.`] });
      } else if (outcome.status === 'waiting') {
        setBody('');
        setNotice({ tone: 'wait', text: [t`Your reply is kept on this device and will be sent when you are back online.`] });
      } else {
        setNotice({ tone: 'error', text: errorMessages(i18n, outcome.error) });
      }
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessages(i18n, err instanceof ApiError ? err : null) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {request.comments.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>No comments yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="comments">
          {request.comments.map((c) => (
            <li
              key={c.id}
              className={`rounded-lg border border-line p-3 ${c.mine ? 'ms-6 bg-surface' : 'me-6 bg-card'}`}
              data-mine={c.mine}
            >
              <p className="text-sm text-ink-muted">
                <Actor by={c.by} {...(viewer ? { viewer } : {})} /> · <time dateTime={c.at}>{formatDateTime(lang, c.at)}</time>
                {c.internal && (
                  <>
                    {' · '}
                    <strong>
                      <Trans>Internal (staff only)</Trans>
                    </strong>
                  </>
                )}
              </p>
              <p className="mt-1 whitespace-pre-line break-words" dir="auto">
                {c.body}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!readOnly && !request.status.final && (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" noValidate>
          <Field
            id={`${id}-reply`}
            label={<Trans>Your reply</Trans>}
            invalid={notice?.tone === 'error'}
            describedBy={notice ? noticeId : undefined}
          >
            <textarea
              className="input min-h-24 py-2"
              value={body}
              maxLength={MAX_COMMENT}
              dir="auto"
              onChange={(e) => setBody(e.target.value)}
            />
          </Field>
          {notice && (
            <p
              id={noticeId}
              role={notice.tone === 'error' ? 'alert' : 'status'}
              className={notice.tone === 'error' ? 'text-danger' : notice.tone === 'wait' ? 'text-warn' : 'text-success'}
            >
              {notice.text.join(' ')}
            </p>
          )}
          <div>
            <button type="submit" className="btn-primary" disabled={sending}>
              <Trans>Send reply</Trans>
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
