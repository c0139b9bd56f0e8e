import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../../../contract/common.ts';
import { formatNumber } from '../../../lib/text/format.ts';
import { useInboxCount } from '../api.ts';
import type { TInboxFilter } from '../../../../contract/staff.ts';
import type { StaffInboxSearch } from './inbox-search.ts';

/**
 * The ready-made lists (escalated, with citizen comments, waiting for payment), each with its count, pressed while
 * in force.
 */
export function InboxLists({
  search,
  onSearch,
  base,
}: {
  search: StaffInboxSearch;
  onSearch: (next: StaffInboxSearch) => void;
  /** The filter in force without the lists, the page and the order: what the counts count. */
  base: TInboxFilter;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const counts = useInboxCount(base);
  const toggle = (key: 'escalated' | 'comments' | 'fee') =>
    onSearch({ ...search, [key]: search[key] ? undefined : true, page: undefined });
  return (
    <div className="flex flex-wrap gap-2" aria-label={t`Lists`} role="group">
      <button type="button" className="btn-outline" aria-pressed={search.escalated ?? false} onClick={() => toggle('escalated')}>
        <Trans>Escalated requests</Trans> ({counts.data ? formatNumber(lang, counts.data.escalated) : '…'})
      </button>
      <button type="button" className="btn-outline" aria-pressed={search.comments ?? false} onClick={() => toggle('comments')}>
        <Trans>Requests with citizen comments</Trans> ({counts.data ? formatNumber(lang, counts.data.citizenComments) : '…'})
      </button>
      <button type="button" className="btn-outline" aria-pressed={search.fee ?? false} onClick={() => toggle('fee')}>
        <Trans>Requests waiting for payment</Trans> ({counts.data ? formatNumber(lang, counts.data.feeDue) : '…'})
      </button>
    </div>
  );
}
