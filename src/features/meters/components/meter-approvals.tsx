import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TStaffMeter } from '../../../../contract/meters.ts';
import { CONNECTION_TYPE_LABELS, METER_TYPE_LABELS } from '../../../../contract/meters-form.ts';
import { useDecideMeter, useReference, useStaffMeters } from '../api.ts';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { QueryList, usePaging } from '../../../components/ui/query-list.tsx';

/** Meters a page of the approval list. */
const PAGE_SIZE = 20;

/**
 * Meters waiting for approval in the staff member's scope (company, sector, service centers; issue 12): approve,
 * reject with the reason, or delete from the platform with the reason. The owner is notified of each decision.
 * A decision names the version on screen; someone else's decision first is METER_CHANGED (reload the list).
 */
export function MeterApprovals() {
  const { t } = useLingui();
  const paging = usePaging(PAGE_SIZE);
  const list = useStaffMeters('pending', { limit: PAGE_SIZE, skip: paging.skip });
  const [done, setDone] = useState<string | undefined>();
  return (
    <section aria-labelledby="approvals-title" className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 id="approvals-title" className="text-2xl font-bold">
        <Trans>Meters waiting for approval</Trans>
      </h1>
      {done && <Notice tone="success">{done}</Notice>}
      <QueryList
        query={list}
        empty={<Trans>No meter is waiting for approval.</Trans>}
        before={(data) => (
          <p className="text-ink-muted">
            <Plural value={data.total} one="# meter waiting" other="# meters waiting" />
          </p>
        )}
        paging={{ ...paging, label: t`Meter list pages` }}
      >
        {(m) => <PendingMeter key={m.id} meter={m} onDone={setDone} onReload={() => void list.refetch()} />}
      </QueryList>
    </section>
  );
}

function PendingMeter({
  meter: m,
  onDone,
  onReload,
}: {
  meter: TStaffMeter;
  onDone: (text: string) => void;
  onReload: () => void;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const decide = useDecideMeter();
  const ref = useReference();
  const [asking, setAsking] = useState<'reject' | 'delete' | undefined>();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const number = <bdi dir="ltr">{m.number}</bdi>;
  const center = ref.data?.serviceCenters.find((c) => c.id === m.serviceCenterId)?.name[lang];
  const company = ref.data?.companies.find((c) => c.id === m.companyId)?.name[lang];
  const sector = ref.data?.sectors.find((c) => c.id === m.sectorId)?.name[lang];
  const type = METER_TYPE_LABELS[m.type as keyof typeof METER_TYPE_LABELS]?.[lang] ?? m.type;
  const connection = CONNECTION_TYPE_LABELS[m.connectionType as keyof typeof CONNECTION_TYPE_LABELS]?.[lang] ?? m.connectionType;

  const meterNumber = m.number;
  const act = (decision: 'approve' | 'reject' | 'delete') =>
    decide.mutate(
      { id: m.id, version: m.version, decision, ...(decision === 'approve' ? {} : { reason: reason.trim() }) },
      {
        onSuccess: () =>
          onDone(
            decision === 'approve'
              ? t`Meter ${meterNumber} was approved.`
              : decision === 'reject'
                ? t`Meter ${meterNumber} was rejected.`
                : t`Meter ${meterNumber} was deleted from the platform.`,
          ),
      },
    );

  return (
    <li className="rounded-xl border border-line bg-card p-4" data-testid="pending-meter" data-number={m.number}>
      <h2 className="text-lg font-semibold">
        <Trans>Meter {number}</Trans>
      </h2>
      <LabelValueList layout="pairs" className="mt-2 text-sm">
        <LabelValue label={<Trans>Account</Trans>} dir="auto">
          {m.ownerAccountName}
        </LabelValue>
        <LabelValue label={<Trans>Owner</Trans>} dir="auto">
          {m.ownerName} (<bdi dir="ltr">{m.ownerNationalId}</bdi>)
        </LabelValue>
        <LabelValue label={<Trans>Type</Trans>}>
          {type} · {connection}
        </LabelValue>
        <LabelValue label={<Trans>Address</Trans>} dir="auto">
          {m.address}
        </LabelValue>
        <LabelValue label={<Trans>Service center</Trans>}>
          {[center, sector, company].filter(Boolean).join(' · ') || '–'}
        </LabelValue>
        <LabelValue label={<Trans>Initial reading</Trans>}>
          <bdi dir="ltr">{m.initialReading}</bdi>
        </LabelValue>
      </LabelValueList>
      <ErrorNotice error={decide.error} className="mt-2">
        <button type="button" className="btn-outline mt-1" onClick={onReload}>
          <Trans>Reload</Trans>
        </button>
      </ErrorNotice>
      {asking ? (
        <form
          className="mt-3 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim().length >= 3) act(asking);
          }}
        >
          <Field
            id={reasonId}
            label={asking === 'reject' ? <Trans>Reason for the rejection</Trans> : <Trans>Reason for the deletion</Trans>}
          >
            <input
              className="input"
              required
              minLength={3}
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={decide.isPending}>
              {asking === 'reject' ? <Trans>Reject the meter</Trans> : <Trans>Delete from the platform</Trans>}
            </button>
            <button type="button" className="btn-outline" onClick={() => setAsking(undefined)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-primary" disabled={decide.isPending} onClick={() => act('approve')}>
            <Trans>Approve</Trans>
          </button>
          <button type="button" className="btn-outline" onClick={() => setAsking('reject')}>
            <Trans>Reject</Trans>
          </button>
          <button type="button" className="btn-outline" onClick={() => setAsking('delete')}>
            <Trans>Delete from the platform</Trans>
          </button>
        </div>
      )}
    </li>
  );
}
