import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { READING_PHOTO, type TMeter, type TReading } from '../../../../contract/meters.ts';
import { compileReadingForm } from '../../../../contract/meters-form.ts';
import { averageDaily, checkReading, periodOf, withLastReading } from '../../../../contract/reading-check.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { errorMessages } from '../../../lib/error-display.ts';
import type { FieldIssue } from '../../../lib/field-messages.ts';
import { submitWrite, type OutboxRecord } from '../../outbox/index.ts';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { meterKeys } from '../keys.ts';
import { bodyOf, lastOf, READING_KIND, readAtOf, today, type ReadingWrite } from './reading-write.ts';

/**
 * A new reading of one meter: the device checks it with the server's own rules (contract/reading-check.ts) against
 * the readings it knows (the server's and those still on the device), then queues it in the outbox with its
 * optional picture; an unusually high reading needs the person's confirmation.
 */
export function ReadingForm({
  meter,
  stored,
  waiting,
  averageDaily: serverAverage,
}: {
  meter: TMeter;
  stored: readonly TReading[];
  waiting: readonly OutboxRecord[];
  averageDaily: number | null | undefined;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const qc = useQueryClient();
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

  // The meter's last reading from the meters list too: its history may never have been opened on this device.
  const known = useMemo(
    () =>
      withLastReading(
        [
          ...stored.map((r) => ({ value: r.value, readAt: r.readAt, consumption: r.consumption })),
          ...waiting.map((r) => ({ value: bodyOf(r).value, readAt: bodyOf(r).readAt })),
        ],
        meter.lastReading,
      ),
    [stored, waiting, meter.lastReading],
  );
  const periods = new Set([
    ...stored.map((r) => r.period),
    ...waiting.map((r) => periodOf(bodyOf(r).readAt)),
    ...(meter.lastReading ? [meter.lastReading.period] : []),
  ]);
  const average = serverAverage ?? averageDaily(stored.map((r) => ({ ...r })));

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

  return (
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
          <Field id={photoId} label={<Trans>Picture of the meter display</Trans>} optional>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="input py-2"
              onChange={(e) => setPhoto(e.target.files?.[0])}
            />
          </Field>
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
  );
}
