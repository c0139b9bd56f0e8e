import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { TMeter } from '../../../../contract/meters.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { useMeters, useReadings } from '../api.ts';
import { MetersTitle } from './meters-page.tsx';
import { ReadingForm } from './reading-form.tsx';
import { useWaitingReadings } from './reading-write.ts';
import { ReadingsTable } from './readings-table.tsx';

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
          <Field id={selectId} label={<Trans>Meter</Trans>}>
            <select
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
          </Field>
          {chosen && <MeterReadings key={chosen.id} meter={chosen} />}
        </>
      )}
    </section>
  );
}

/** One meter: the new reading's form, then its previous readings (the server's and those still on the device). */
function MeterReadings({ meter }: { meter: TMeter }) {
  const readings = useReadings(meter.id);
  const waiting = useWaitingReadings(meter.id);
  const stored = readings.data?.items ?? EMPTY;
  return (
    <>
      <ReadingForm meter={meter} stored={stored} waiting={waiting} averageDaily={readings.data?.averageDaily} />
      <section aria-labelledby="previous-title" className="flex flex-col gap-2">
        <h2 id="previous-title" className="text-lg font-semibold">
          <Trans>Previous readings</Trans>
        </h2>
        <ReadingsTable stored={stored} waiting={waiting} loading={readings.isPending && waiting.length === 0} />
      </section>
    </>
  );
}

/** One empty list, so that a form's memos keep while the readings load. */
const EMPTY: never[] = [];
