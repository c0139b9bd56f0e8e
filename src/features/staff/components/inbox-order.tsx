import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import type { InboxSort, useSavedSort } from '../saved-sort.ts';

/** The inbox's order (what by, which way), saved on this device per service, and the way back to the default. */
export function InboxOrder({ order }: { order: ReturnType<typeof useSavedSort> }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t`Order`}>
      <Field id={`${id}-sort`} label={<Trans>Sort by</Trans>}>
        <select
          className="input"
          value={order.sort.sort}
          onChange={(e) => order.save({ ...order.sort, sort: e.target.value as InboxSort['sort'] })}
        >
          <option value="createdAt">{t`Date filed`}</option>
          <option value="statusUpdatedAt">{t`Date of the last status change`}</option>
          <option value="stageStartedAt">{t`Date the stage started`}</option>
          <option value="number">{t`Request number`}</option>
        </select>
      </Field>
      <Field id={`${id}-order`} label={<Trans>Direction</Trans>}>
        <select
          className="input"
          value={order.sort.order}
          onChange={(e) => order.save({ ...order.sort, order: e.target.value === 'asc' ? 'asc' : 'desc' })}
        >
          <option value="desc">{t`Newest or highest first`}</option>
          <option value="asc">{t`Oldest or lowest first`}</option>
        </select>
      </Field>
      {order.custom && (
        <button type="button" className="btn-outline" onClick={order.reset}>
          <Trans>Reset to the default order</Trans>
        </button>
      )}
    </div>
  );
}
