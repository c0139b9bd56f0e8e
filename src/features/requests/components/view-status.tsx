import type { TLang } from '../../../../contract/common.ts';
import type { TRequestStatus } from '../../../../contract/requests.ts';

/** A request's status as a badge: final ones muted, those waiting for the citizen highlighted. */
export function StatusBadge({ status, lang }: { status: TRequestStatus; lang: TLang }) {
  /* eslint-disable lingui/no-unlocalized-strings -- class names */
  const tone = status.final
    ? 'bg-surface text-ink border-line'
    : status.activityId
      ? 'bg-warning-bg text-warning-ink border-transparent'
      : 'bg-info-bg text-info-ink border-transparent';
  /* eslint-enable lingui/no-unlocalized-strings */
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium ${tone}`}
      data-status={status.id}
    >
      {status.label[lang]}
    </span>
  );
}

/** A request number (decision 061): one component, shared with the staff, notification and paper screens. */
export { RequestNumber } from '../../../components/request-number.tsx';
