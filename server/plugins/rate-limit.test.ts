import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit.ts';

describe('FixedWindowLimiter', () => {
  it('allows max hits per key in a window, then says how long to wait; a new window starts afresh', () => {
    let now = 120_000 + 15_000; // 15 s into a minute window
    const limiter = new FixedWindowLimiter(3, 60_000, { now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    now += 45_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.size).toBe(1);
  });

  it('keeps at most maxClients keys, forgetting the oldest', () => {
    const limiter = new FixedWindowLimiter(1, 60_000, { maxClients: 100, now: () => 0 });
    for (let i = 0; i < 1000; i++) limiter.hit(`ip-${i}`);
    expect(limiter.size).toBe(100);
    expect(limiter.hit('ip-999')).toMatchObject({ allowed: false });
  });
});
