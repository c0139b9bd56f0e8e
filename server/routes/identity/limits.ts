import type { AppConfig } from '../../config.ts';

export const MINUTE = 60_000;
/** Per client IP and minute, on top of the per-account growing delays (throttle.ts). */
export const IDENTITY_LIMITS = { signup: 5, login: 30, codes: 10, reset: 10 } as const;

/**
 * The limits in force: the browser tests run every sign-in from one address and raise them with
 * IDENTITY_RATE_LIMIT_FACTOR (left at 1 in production).
 */
export const identityLimits = (config: AppConfig): Record<keyof typeof IDENTITY_LIMITS, number> => {
  const f = config.identityRateLimitFactor;
  return { signup: 5 * f, login: 30 * f, codes: 10 * f, reset: 10 * f };
};
