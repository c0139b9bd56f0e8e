import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ApiError } from './api-client.ts';
import { errorMessages } from './error-display.ts';
import { ERROR_MESSAGES } from './error-messages.ts';
// The account codes' messages join the lookup wherever these errors are shown.
import './account-error-messages.ts';

/** Seconds to wait, from a TOO_MANY_REQUESTS answer (the throttle's `details`, or the rate limit's message). */
export function retryAfterSeconds(err: ApiError): number | undefined {
  const fromDetails = Number(err.details?.[0]);
  if (Number.isFinite(fromDetails) && fromDetails > 0) return Math.ceil(fromDetails);
  const m = /(\d+)\s*s\b/.exec(err.message);
  return m ? Number(m[1]) : undefined;
}

/** Seconds to wait that a NOT_ALLOWED_RESEND answer carries (its first detail), if any. */
export function waitSecondsOf(err: unknown): number | undefined {
  if (!(err instanceof ApiError) || err.code !== 'NOT_ALLOWED_RESEND') return undefined;
  const s = Number(err.details?.[0]);
  return Number.isFinite(s) && s > 0 ? Math.ceil(s) : undefined;
}

/**
 * What a refused "send again" says. A refusal with a wait shows the seconds the button is still counting (one
 * source of truth: the countdown that the refusal restarted), and nothing once the wait is over.
 */
export function resendErrorText(i18n: I18n, err: unknown, secondsLeft: number): string | undefined {
  if (waitSecondsOf(err) === undefined) return authErrorMessages(i18n, err)[0];
  const wait = secondsLeft;
  return wait > 0 ? i18n._(msg`Please wait ${wait} seconds before requesting another code.`) : undefined;
}

// Only the agent's and support's citizen search answers this (account screens): kept out of the shell's catalog.
const CITIZEN_NOT_FOUND = msg`No citizen account matches this national ID, passport number, mobile number or landline.`;
const WEBAUTHN_CANCELLED = msg`The security key or passkey request was cancelled or timed out.`;
const WEBAUTHN_UNSUPPORTED = msg`This browser cannot use security keys or passkeys.`;
const WEBAUTHN_KNOWN = msg`This security key or passkey is already registered.`;

/**
 * What the account, sign-in and security screens say about an error (spec section 8): a wait in seconds for too
 * many attempts or an early resend, the browser's WebAuthn refusals, else the translated message of the code.
 */
export function authErrorMessages(i18n: I18n, err: unknown): string[] {
  if (err instanceof ApiError) {
    if (err.code === 'TOO_MANY_REQUESTS') {
      const seconds = retryAfterSeconds(err);
      if (seconds !== undefined)
        return [
          i18n._(
            msg({
              message: plural(seconds, {
                one: 'Too many attempts. Try again in # second.',
                other: 'Too many attempts. Try again in # seconds.',
              }),
            }),
          ),
        ];
    }
    if (err.code === 'CITIZEN_NOT_FOUND') return [i18n._(CITIZEN_NOT_FOUND)];
    const wait = waitSecondsOf(err);
    if (wait !== undefined) return [i18n._(msg`Please wait ${wait} seconds before requesting another code.`)];
    // Details of these answers are numbers, field names or English server text: the code's message is what the
    // user reads; a code without one falls back to the general display rules.
    const d = ERROR_MESSAGES[err.code as keyof typeof ERROR_MESSAGES];
    return d ? [i18n._(d)] : errorMessages(i18n, err);
  }
  if (err instanceof Error) {
    // @simplewebauthn/browser's WebAuthnError (name) or the browser's DOMException.
    const name = (err as Error & { code?: string }).code ?? err.name;
    if (name === 'ERROR_CEREMONY_ABORTED' || err.name === 'NotAllowedError' || err.name === 'AbortError')
      return [i18n._(WEBAUTHN_CANCELLED)];
    if (name === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || err.name === 'InvalidStateError') return [i18n._(WEBAUTHN_KNOWN)];
    if (err.name === 'NotSupportedError' || /not support/i.test(err.message)) return [i18n._(WEBAUTHN_UNSUPPORTED)];
  }
  return errorMessages(i18n, null);
}
