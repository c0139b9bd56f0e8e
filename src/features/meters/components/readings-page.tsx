import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { READING_PHOTO, type TMeter, type TReading } from '../../../../contract/meters.ts';
import { compileReadingForm } from '../../../../contract/meters-form.ts';
import { averageDaily, checkReading, periodOf } from '../../../../contract/reading-check.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import { formatDate } from '../../../lib/text/format.ts';
import type { FieldIssue } from '../../../lib/field-messages.ts';
import { listRecords, onOutboxChange, submitWrite, type OutboxRecord } from '../../outbox/index.ts';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { useMeters, useReadings } from '../api.ts';
import { meterKeys } from '../keys.ts';
import { MetersTitle } from './meters-page.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

/** The kind of outbox write a reading is (src/features/outbox/kinds.ts). */
export const READING_KIND = 'meterReading';
type ReadingWrite = { value: number; readAt: string; rollover?: boolean; confirmUnusual?: boolean };

/** The device's own date, `YYYY-MM-DD` (the reading date's default). */
const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** When it was read: now for today's date, else midday (the device's time) of the chosen day. */
const readAtOf = (date: string): string => {
  if (date === today()) return new Date().toISOString();
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12).toISOString();
};

/** This user's readings still owed to the server, for one meter (any tab writes them). */
function useWaitingReadings(meterId: string | undefined): OutboxRecord[] {
  const [records, setRecords] = useState<OutboxRecord[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void listRecords().then(
        (all) => alive && setRecords(all.filter((r) => r.kind === READING_KIND && r.input.params?.id === meterId)),
      );
    load();
    const off = onOutboxChange(load);
    return () => {
      alive = false;
      off();
    };
  }, [meterId]);
  return records;
}

const bodyOf = (r: OutboxRecord) => r.input.body as ReadingWrite;

/**
 * Meter reading registration (spec section 2, issue 12), offline first: choose an approved meter, see its previous
 * readings (value, period, consumption, date) and those still on the device, enter the current reading and its
 * date, optionally a picture of the display. The device checks the reading with the server's own rules before it
 * queues it in the outbox, which sends it once, whenever the server can be reached.
 */
export function ReadingsPage({ meterId, onMeter }: { meterId: string | undefined; onMeter: (id: string) => void }) {
  const { t } = useLingui();
  const meters = useMeters();
  const approved = (meters.data?.items ?? []).filter((m) => m.status === 'approved');
  const chosen = approved.find((m) => m.id === meterId) ?? (approved.length === 1 ? approved[0] : undefined);
  const selectId = useId();

  return (
    <section aria-labelledby="readings-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="readings-title" className="text-2xl font-bold">
          <Trans>Register a meter reading</Trans>
        </h1>
        <Link to="/profile/meters" className="btn-outline">
          <MetersTitle />
        </Link>
      </div>
      {meters.isPending ? (
        <RowsSkeleton count={3} />
      ) : meters.isError && !meters.data ? (
        <ErrorPanel error={meters.error} onRetry={() => void meters.refetch()} />
      ) : approved.length === 0 ? (
        <div className="rounded-xl border border-line bg-card p-4">
          <p>
            <Trans>
              You have no approved meter yet. Add your meter; once its company approves it, you can register readings.
            </Trans>
          </p>
          <Link to="/profile/meters" className="btn-primary mt-3">
            <MetersTitle />
          </Link>
        </div>
      ) : (
        <>
          <div className="grid gap-1">
            <label htmlFor={selectId} className="font-medium">
              <Trans>Meter</Trans>
            </label>
            <select
              id={selectId}
              className="input"
              value={chosen?.id ?? ''}
              onChange={(e) => onMeter(e.target.value)}
              data-testid="reading-meter"
            >
              {!chosen && <option value="">{t`Choose a meter`}</option>}
              {approved.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name ? `${m.number} · ${m.name}` : m.number}
                </option>
              ))}
            </select>
          </div>
          {chosen && <MeterReadings key={chosen.id} meter={chosen} />}
        </>
      )}
    </section>
  );
}

function MeterReadings({ meter }: { meter: TMeter }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const qc = useQueryClient();
  const readings = useReadings(meter.id);
  const waiting = useWaitingReadings(meter.id);
  const [formKey, setFormKey] = useState(0);
  const [confirmUnusual, setConfirmUnusual] = useState(false);
  const [unusual, setUnusual] = useState(false);
  const [photo, setPhoto] = useState<File | undefined>();
  const [notice, setNotice] = useState<'sent' | 'waiting' | undefined>();
  const [serverError, setServerError] = useState<unknown>();
  const [pending, setPending] = useState(false);
  const confirmId = useId();
  const photoId = useId();
  const form = useMemo(() => compileReadingForm(lang), [lang]);
  // The form's starting values, the same object until the next reading (a new object would reset what is typed).
  const readDate = useMemo(() => (formKey >= 0 ? today() : ''), [formKey]);
  const initial = useMemo(() => ({ readDate }), [readDate]);

  const stored: TReading[] = useMemo(() => readings.data?.items ?? [], [readings.data]);
  const known = useMemo(
    () => [
      ...stored.map((r) => ({ value: r.value, readAt: r.readAt, consumption: r.consumption })),
      ...waiting.map((r) => ({ value: bodyOf(r).value, readAt: bodyOf(r).readAt })),
    ],
    [stored, waiting],
  );
  const periods = new Set([...stored.map((r) => r.period), ...waiting.map((r) => periodOf(bodyOf(r).readAt))]);
  const average = readings.data?.averageDaily ?? averageDaily(stored.map((r) => ({ ...r })));

  /** The device's check (contract/reading-check.ts), as field issues. */
  const check = (v: FormValues): Record<string, FieldIssue> => {
    const value = typeof v.value === 'number' ? v.value : Number.NaN;
    const date = typeof v.readDate === 'string' ? v.readDate : '';
    if (!Number.isFinite(value) || !date) return {};
    const readAt = readAtOf(date);
    if (periods.has(periodOf(readAt))) return { readDate: { code: 'READING_PERIOD_TAKEN' } };
    const before = known.filter((k) => Date.parse(k.readAt) <= Date.parse(readAt));
    const last = before.sort((a, b) => Date.parse(b.readAt) - Date.parse(a.readAt))[0];
    if (known.some((k) => Date.parse(k.readAt) > Date.parse(readAt))) return { readDate: { code: 'READING_DATE_INVALID' } };
    const result = checkReading({
      previous: last ?? { value: meter.initialReading, readAt: meter.createdAt },
      digits: meter.digits,
      averageDaily: average,
      value,
      readAt,
      rollover: v.rollover === true,
      confirmUnusual,
    });
    if (result.ok) return {};
    if (result.code === 'READING_UNUSUAL') setUnusual(true);
    return { value: { code: result.code } };
  };

  const send = async (v: FormValues) => {
    const date = typeof v.readDate === 'string' ? v.readDate : today();
    const value = Number(v.value);
    const body: ReadingWrite = {
      value,
      readAt: readAtOf(date),
      ...(v.rollover === true ? { rollover: true } : {}),
      ...(confirmUnusual ? { confirmUnusual: true } : {}),
    };
    setPending(true);
    setServerError(undefined);
    setNotice(undefined);
    try {
      const outcome = await submitWrite({
        kind: READING_KIND,
        input: { params: { id: meter.id }, body },
        files: photo
          ? [
              {
                key: crypto.randomUUID(),
                path: ['photoAttachmentId'],
                fieldId: READING_PHOTO.fieldId,
                activityId: READING_PHOTO.activityId,
                name: photo.name,
                type: photo.type,
                size: photo.size,
                blob: photo,
              },
            ]
          : [],
        meta: {
          title: { ar: `${meter.number} · ${value}`, en: `${meter.number} · ${value}` },
          serviceSlug: READING_PHOTO.serviceSlug,
        },
      });
      if (outcome.status === 'refused') {
        setServerError(outcome.error);
        return;
      }
      setNotice(outcome.status === 'sent' ? 'sent' : 'waiting');
      if (outcome.status === 'sent') void qc.invalidateQueries({ queryKey: meterKeys.readings(meter.id) });
      setConfirmUnusual(false);
      setUnusual(false);
      setPhoto(undefined);
      setFormKey((k) => k + 1);
    } finally {
      setPending(false);
    }
  };

  const lastValue = known.length > 0 ? lastOf(known).value : meter.initialReading;
  const maximum = 10 ** meter.digits - 1;
  const date = (iso: string) => formatDate(lang, iso);

  return (
    <>
      <section aria-labelledby="new-reading-title" className="rounded-xl border border-line bg-card p-4">
        <h2 id="new-reading-title" className="text-lg font-semibold">
          <Trans>New reading</Trans>
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          <Trans>
            The last reading was <bdi dir="ltr">{lastValue}</bdi>. The display shows at most <bdi dir="ltr">{maximum}</bdi>.
          </Trans>
        </p>
        {notice && (
          <Notice tone="success" className="mt-2" testId="reading-notice">
            {notice === 'sent' ? (
              <Trans>The reading was registered.</Trans>
            ) : (
              <Trans>The reading is saved on this device and will be sent when you are online.</Trans>
            )}
          </Notice>
        )}
        <div className="mt-3">
          <SchemaForm
            key={formKey}
            schema={form.schema}
            uiSchema={form.uiSchema}
            validator={plainFormValidator}
            formData={initial}
            check={check}
            onSubmit={(v) => void send(v)}
            serverError={serverError}
            describeError={(e) => errorMessages(i18n, e as Parameters<typeof errorMessages>[1])}
            submitLabel={<Trans>Save the reading</Trans>}
            pendingLabel={<Trans>Saving…</Trans>}
            pending={pending}
          >
            <div className="grid gap-1">
              <label htmlFor={photoId} className="font-medium">
                <Trans>Picture of the meter display (optional)</Trans>
              </label>
              <input
                id={photoId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="input py-2"
                onChange={(e) => setPhoto(e.target.files?.[0])}
              />
            </div>
            {unusual && (
              <div className="flex items-start gap-2 rounded-lg border border-warn p-3">
                <input
                  id={confirmId}
                  type="checkbox"
                  className="mt-1 size-5"
                  checked={confirmUnusual}
                  onChange={(e) => setConfirmUnusual(e.target.checked)}
                />
                <label htmlFor={confirmId}>
                  <Trans>I checked the display: this unusually high reading is right.</Trans>
                </label>
              </div>
            )}
          </SchemaForm>
        </div>
      </section>
      <section aria-labelledby="previous-title">
        <h2 id="previous-title" className="text-lg font-semibold">
          <Trans>Previous readings</Trans>
        </h2>
        {readings.isPending && waiting.length === 0 ? (
          <RowsSkeleton count={3} />
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-start text-sm" data-testid="readings-table">
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="p-2 text-start">
                    <Trans>Period</Trans>
                  </th>
                  <th scope="col" className="p-2 text-start">
                    <Trans>Reading</Trans>
                  </th>
                  <th scope="col" className="p-2 text-start">
                    <Trans>Consumption (kWh)</Trans>
                  </th>
                  <th scope="col" className="p-2 text-start">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col" className="p-2 text-start">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {waiting.map((r) => (
                  <tr key={r.id} className="border-b border-line" data-testid="reading-row" data-state={r.state}>
                    <td className="p-2">
                      <bdi dir="ltr">{periodOf(bodyOf(r).readAt)}</bdi>
                    </td>
                    <td className="p-2">
                      <bdi dir="ltr">{bodyOf(r).value}</bdi>
                    </td>
                    <td className="p-2">–</td>
                    <td className="p-2">{date(bodyOf(r).readAt)}</td>
                    <td className="p-2">
                      {r.state === 'attention' ? (
                        <span className="text-error-ink">
                          <Trans>Needs attention</Trans>
                          {r.lastError && <>: {errorMessages(i18n, r.lastError).join(' ')}</>}
                        </span>
                      ) : (
                        <Trans>Waiting to be sent</Trans>
                      )}
                    </td>
                  </tr>
                ))}
                {stored.map((r) => (
                  <tr key={r.id} className="border-b border-line" data-testid="reading-row" data-state="sent">
                    <td className="p-2">
                      <bdi dir="ltr">{r.period}</bdi>
                    </td>
                    <td className="p-2">
                      <bdi dir="ltr">{r.value}</bdi>
                    </td>
                    <td className="p-2">
                      <bdi dir="ltr">{r.consumption}</bdi>
                    </td>
                    <td className="p-2">{date(r.readAt)}</td>
                    <td className="p-2">
                      <Trans>Registered</Trans>
                    </td>
                  </tr>
                ))}
                {stored.length === 0 && waiting.length === 0 && (
                  <tr>
                    <td colSpan={5} className="p-2 text-ink-muted">
                      <Trans>No readings yet.</Trans>
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

const lastOf = <T extends { readAt: string }>(list: readonly T[]): T =>
  [...list].sort((a, b) => Date.parse(b.readAt) - Date.parse(a.readAt))[0]!;
