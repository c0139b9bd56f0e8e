import { beforeEach, describe, expect, it } from 'vitest';
import { heartbeatDue, heartbeatEveryMs, lastActiveAt, markActive, remainingMs, resetIdle, warningMs } from './idle.ts';

const HOUR = 3_600_000;

describe('idle sign-out timing', () => {
  beforeEach(() => localStorage.clear());

  it('warns during the last minute, or the last third of a short timeout', () => {
    expect(warningMs(HOUR)).toBe(60_000);
    expect(warningMs(15_000)).toBe(5_000);
    expect(heartbeatEveryMs(HOUR)).toBe(60_000);
    expect(heartbeatEveryMs(15_000)).toBe(5_000);
  });

  it('counts down from the last activity, shared through storage', () => {
    resetIdle(1_000_000);
    expect(remainingMs(15_000, 1_010_000)).toBe(5_000);
    markActive(1_010_000);
    expect(lastActiveAt()).toBe(1_010_000);
    expect(remainingMs(15_000, 1_010_000)).toBe(15_000);
    // Activity less than a second apart is one activity (no storage write per pointer move).
    markActive(1_010_500);
    expect(lastActiveAt()).toBe(1_010_000);
    markActive(1_010_500, true);
    expect(lastActiveAt()).toBe(1_010_500);
  });

  it('sends a heartbeat only for activity the server has not heard of, at most once per interval', () => {
    resetIdle(1_000_000);
    expect(heartbeatDue(HOUR, 1_120_000)).toBe(false); // no activity since sign-in
    markActive(1_030_000);
    expect(heartbeatDue(HOUR, 1_040_000)).toBe(false); // less than a minute since the last one
    expect(heartbeatDue(HOUR, 1_060_000)).toBe(true);
  });
});
