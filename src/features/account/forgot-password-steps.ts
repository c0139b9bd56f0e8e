/** The steps of forgot password (spec section 4), the route's `$step`: an unknown one is not found. */
export const STEPS = ['validate', 'otp', 'reset', 'email-sent'] as const;
export type Step = (typeof STEPS)[number];
