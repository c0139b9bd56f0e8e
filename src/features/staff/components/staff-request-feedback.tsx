import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TApiError } from '../../../../contract/errors.ts';
import type { TLang } from '../../../../contract/common.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDateTime } from '../../../lib/text/format.ts';
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

type Conflict = NonNullable<TApiError['conflict']>;

/** "Mona Salem changed this request (assigned it) at 10:42": who, what and when, from a 409 REQUEST_CHANGED. */
export function ConflictText({ conflict }: { conflict: Conflict }) {
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

/**
 * What the last action left: someone else's change (with "Reload", which keeps what was typed here), the problem
 * found before sending or the server's error, or the success text.
 */
export function StaffActionFeedback({
  conflict,
  error,
  problem,
  done,
  onReload,
}: {
  conflict: Conflict | undefined;
  error: ApiError | undefined;
  problem: string[] | undefined;
  done: string | undefined;
  onReload: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <>
      {conflict && (
        <Notice tone="warning" live="alert" className="flex flex-col gap-2">
          <p>
            <ConflictText conflict={conflict} /> <Trans>Reload it to see their change; what you typed is kept.</Trans>
          </p>
          <div>
            <button type="button" className="btn-primary" onClick={onReload}>
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
      {done && (
        <Notice tone="success" inline>
          {done}
        </Notice>
      )}
    </>
  );
}
