import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessages } from '../../lib/error-display.ts';
import { ERROR_MESSAGES } from '../../lib/error-messages.ts';

/** Seconds to wait that a NOT_ALLOWED_RESEND answer carries (its first detail), if any. */
export function waitSecondsOf(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.code !== 'NOT_ALLOWED_RESEND') return undefined;
  const s = Number(err.details?.[0]);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s) : undefined;
}

/**
 * The account screens' error text: by code first (the server's details are technical here, e.g. the seconds to
 * wait or the locked field names), then the generic display rules of spec section 8.
 */
export function accountErrorText(i18n: I18n, err: unknown): string[] {
  const wait = waitSecondsOf(err);
  if (wait !== undefined) return [i18n._(msg`Please wait ${wait} seconds before requesting another code.`)];
  if (err instanceof ApiError) {
    const d = ERROR_MESSAGES[err.code as keyof typeof ERROR_MESSAGES];
    if (d) return [i18n._(d)];
  }
  return errorMessages(i18n, err instanceof ApiError ? err : undefined);
}
