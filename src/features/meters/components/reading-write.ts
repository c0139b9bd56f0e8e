import { useEffect, useState } from 'react';
import { listRecords, onOutboxChange, type OutboxRecord } from '../../outbox/index.ts';

/** The kind of outbox write a reading is (src/features/outbox/kinds.ts). */
export const READING_KIND = 'meterReading';
export type ReadingWrite = { value: number; readAt: string; rollover?: boolean; confirmUnusual?: boolean };

/** The device's own date, `YYYY-MM-DD` (the reading date's default). */
export const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** When it was read: now for today's date, else midday (the device's time) of the chosen day. */
export const readAtOf = (date: string): string => {
  if (date === today()) return new Date().toISOString();
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12).toISOString();
};

/** This user's readings still owed to the server, for one meter (any tab writes them). */
export function useWaitingReadings(meterId: string | undefined): OutboxRecord[] {
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

export const bodyOf = (r: OutboxRecord) => r.input.body as ReadingWrite;

/** The latest of some readings. */
export const lastOf = <T extends { readAt: string }>(list: readonly T[]): T =>
  [...list].sort((a, b) => Date.parse(b.readAt) - Date.parse(a.readAt))[0]!;
