import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TMeter, TMeterStatus } from '../../../../contract/meters.ts';
import { CONNECTION_TYPE_LABELS, METER_TYPE_LABELS } from '../../../../contract/meters-form.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { DataAge } from '../../../components/data-age.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { APP_KIND } from '../../../lib/constants.ts';
import { localDigits } from '../../../lib/locale.ts';
import { formatMonth } from '../../../lib/text/format.ts';
import { useMeters, useRemoveMeter } from '../api.ts';
import { MeterForm } from './meter-form.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

// eslint-disable-next-line lingui/no-unlocalized-strings -- status ids, not interface text
const TABS: TMeterStatus[] = ['approved', 'pending', 'rejected', 'deleted_by_platform'];

/** The meters' name: the agent build's are those of the citizen acted for. */
export function MetersTitle() {
  return APP_KIND === 'agent' ? <Trans>Citizen's meters</Trans> : <Trans>My meters</Trans>;
}

/**
 * My meters (spec section 2): the lists approved, pending approval, rejected (with the reason) and deleted by the
 * platform (with the reason); add, edit and remove (delete). Approved meters lead to their readings.
 */
export function MetersPage() {
  const meters = useMeters();
  const [editing, setEditing] = useState<TMeter | 'new' | undefined>();
  const [tab, setTab] = useState(0);
  const [notice, setNotice] = useState<string | undefined>();
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;

  const items = meters.data?.items ?? [];
  const of = (s: TMeterStatus) => items.filter((m) => m.status === s);
  const labels: Record<string, string> = {
    approved: t`Approved`,
    pending: t`Pending approval`,
    rejected: t`Rejected`,
    deleted_by_platform: t`Deleted by the platform`,
  };

  return (
    <section aria-labelledby="meters-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="meters-title" className="text-2xl font-bold">
          <MetersTitle />
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/profile/meters" search={{ readings: '1' }} className="btn-outline">
            <Trans>Register a reading</Trans>
          </Link>
          {editing === undefined && (
            <button type="button" className="btn-primary" onClick={() => setEditing('new')} data-testid="add-meter">
              <Trans>Add a meter</Trans>
            </button>
          )}
        </div>
      </div>
      <DataAge updatedAt={meters.data ? meters.dataUpdatedAt : undefined} failed={meters.isError} />
      {notice && <Notice tone="success">{notice}</Notice>}
      {editing !== undefined && (
        <section aria-labelledby="meter-form-title" className="rounded-xl border border-line bg-card p-4">
          <div className="flex items-center justify-between gap-2">
            <h2 id="meter-form-title" className="text-lg font-semibold">
              {editing === 'new' ? <Trans>Add a meter</Trans> : <Trans>Edit the meter</Trans>}
            </h2>
            <button type="button" className="btn-outline" onClick={() => setEditing(undefined)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
          <p className="mt-1 text-sm text-ink-muted">
            <Trans>A new meter waits for the approval of its distribution company before readings can be registered.</Trans>
          </p>
          <div className="mt-3">
            <MeterForm
              meter={editing === 'new' ? undefined : editing}
              onDone={(m) => {
                setEditing(undefined);
                setNotice(m.status === 'pending' ? t`The meter was saved and is waiting for approval.` : t`The meter was saved.`);
                setTab(TABS.indexOf(m.status) >= 0 ? TABS.indexOf(m.status) : 0);
              }}
            />
          </div>
        </section>
      )}
      {meters.isPending ? (
        <RowsSkeleton count={3} />
      ) : meters.isError && !meters.data ? (
        <ErrorPanel error={meters.error} onRetry={() => void meters.refetch()} />
      ) : (
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="flex flex-wrap gap-1 border-b border-line">
            {TABS.map((s) => (
              <Tab
                key={s}
                className="-mb-px min-h-11 border-b-2 border-transparent px-3 font-medium data-[selected]:border-brand data-[selected]:text-brand"
              >
                {labels[s]} <span className="text-ink-muted">({localDigits(lang, of(s).length)})</span>
              </Tab>
            ))}
          </TabList>
          <TabPanels className="pt-4">
            {TABS.map((s) => (
              <TabPanel key={s}>
                {of(s).length === 0 ? (
                  <p className="text-ink-muted">
                    <Trans>No meters here.</Trans>
                  </p>
                ) : (
                  <ul className="grid gap-3">
                    {of(s).map((m) => (
                      <MeterCard
                        key={m.id}
                        meter={m}
                        onEdit={() => setEditing(m)}
                        onRemoved={() => setNotice(t`The meter was removed.`)}
                      />
                    ))}
                  </ul>
                )}
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      )}
    </section>
  );
}

function MeterCard({ meter: m, onEdit, onRemoved }: { meter: TMeter; onEdit: () => void; onRemoved: () => void }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const remove = useRemoveMeter();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const number = <bdi dir="ltr">{m.number}</bdi>;
  const type = METER_TYPE_LABELS[m.type as keyof typeof METER_TYPE_LABELS]?.[lang] ?? m.type;
  const connection = CONNECTION_TYPE_LABELS[m.connectionType as keyof typeof CONNECTION_TYPE_LABELS]?.[lang] ?? m.connectionType;
  const live = m.status === 'approved' || m.status === 'pending' || m.status === 'rejected';
  const last = m.lastReading;
  const lastValue = last?.value;
  const lastPeriod = last?.period ? formatMonth(lang, last.period) : undefined;
  const why = m.rejectionReason;
  return (
    <li className="rounded-xl border border-line bg-card p-4" data-testid="meter-card" data-number={m.number}>
      <p className="text-lg font-semibold">
        <Trans>Meter {number}</Trans>
        {m.name && (
          <>
            {' · '}
            <span dir="auto">{m.name}</span>
          </>
        )}
      </p>
      <p className="text-sm text-ink-muted">
        {type} · {connection} · <span dir="auto">{m.address}</span>
      </p>
      {last && (
        <p className="mt-1 text-sm">
          <Trans>
            Last reading: <bdi dir="ltr">{lastValue}</bdi> ({lastPeriod})
          </Trans>
        </p>
      )}
      {(m.status === 'rejected' || m.status === 'deleted_by_platform') && m.rejectionReason && (
        <p className="mt-1 text-sm text-error-ink">
          <Trans>Reason: {why}</Trans>
        </p>
      )}
      {live && (
        <div className="mt-3 flex flex-wrap gap-2">
          {m.status === 'approved' && (
            <Link to="/profile/meters" search={{ readings: m.id }} className="btn-primary">
              <Trans>Readings</Trans>
            </Link>
          )}
          <button type="button" className="btn-outline" onClick={onEdit}>
            <Trans>Edit</Trans>
          </button>
          {!confirming && (
            <button type="button" className="btn-outline" onClick={() => setConfirming(true)}>
              <Trans>Delete</Trans>
            </button>
          )}
        </div>
      )}
      {confirming && (
        <div className="mt-3 grid gap-2 rounded-lg border border-line p-3">
          <Field id={reasonId} label={<Trans>Why are you removing this meter?</Trans>} optional>
            <input className="input" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
          </Field>
          {remove.error && (
            <Notice tone="error" inline className="text-sm">
              {errorMessages(i18n, remove.error as Parameters<typeof errorMessages>[1]).join(' ')}
            </Notice>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-outline border-error-ink text-error-ink"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: m.id, version: m.version, reason: reason.trim() || undefined },
                  { onSuccess: () => onRemoved() },
                )
              }
            >
              <Trans>Yes, remove it</Trans>
            </button>
            <button type="button" className="btn-outline" onClick={() => setConfirming(false)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
