import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { CatalogStore } from './catalog-store.ts';

describe('CatalogStore.today', () => {
  it("follows Cairo's date across midnight, in winter and summer time, and when the clock goes back", () => {
    let now = new Date('2026-01-14T21:59:59.999Z'); // 23:59:59.999 in Cairo (UTC+2)
    // today() never reads the database.
    const store = new CatalogStore(undefined as unknown as Db, 5000, () => now);
    expect(store.today()).toBe('2026-01-14');
    now = new Date('2026-01-14T22:00:00.000Z'); // midnight in Cairo
    expect(store.today()).toBe('2026-01-15');
    now = new Date('2026-07-14T20:59:59.999Z'); // summer time (UTC+3): 23:59:59.999
    expect(store.today()).toBe('2026-07-14');
    now = new Date('2026-07-14T21:00:00.000Z');
    expect(store.today()).toBe('2026-07-15');
    now = new Date('2026-07-14T20:30:00.000Z'); // the clock set back within the day before
    expect(store.today()).toBe('2026-07-14');
  });
});
