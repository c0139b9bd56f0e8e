import { LIMITS } from '../../../contract/limits.ts';

/**
 * The identity routes' per-address limits a minute, at RATE_LIMIT_FACTOR 1: the rules their descriptors declare
 * (contract/limits.ts, decision 037), on top of the per-account growing delays (throttle.ts).
 */
export const IDENTITY_LIMITS = {
  signup: LIMITS.signup.perAddress,
  login: LIMITS.login.perAddress,
  codes: LIMITS.codes.perAddress,
  reset: LIMITS.forgetPassword.perAddress,
} as const;
