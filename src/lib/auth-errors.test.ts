import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as enShell } from '../locales/en/messages.po';
import { messages as enAccount } from '../locales/en/account.po';
import { ApiError } from './api-client.ts';
import { authErrorMessages, resendErrorText, retryAfterSeconds } from './auth-errors.ts';

const en = { ...enShell, ...enAccount };

const i18n = setupI18n();
i18n.loadAndActivate({ locale: 'en', messages: en });

describe('sign-in error messages', () => {
  it('reads the wait from the throttle details or the rate limit message', () => {
    expect(retryAfterSeconds(new ApiError('TOO_MANY_REQUESTS', 429, 'Too many attempts: try again in 8 s', ['8']))).toBe(8);
    expect(retryAfterSeconds(new ApiError('TOO_MANY_REQUESTS', 429, 'Too many requests: try again in 41 s'))).toBe(41);
    expect(retryAfterSeconds(new ApiError('TOO_MANY_REQUESTS', 429, 'Too many'))).toBeUndefined();
  });

  it('says how many seconds to wait, and otherwise translates the code (never the server text)', () => {
    expect(authErrorMessages(i18n, new ApiError('TOO_MANY_REQUESTS', 429, 'x', ['12']))).toEqual([
      'Too many attempts. Try again in 12 seconds.',
    ]);
    expect(authErrorMessages(i18n, new ApiError('TOO_MANY_REQUESTS', 429, 'try again in 1 s'))).toEqual([
      'Too many attempts. Try again in 1 second.',
    ]);
    expect(authErrorMessages(i18n, new ApiError('WRONG_OTP', 401, 'Wrong code', ['server text']))).toEqual([
      'The verification code is wrong.',
    ]);
  });

  it('explains a cancelled or refused security key request', () => {
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    expect(authErrorMessages(i18n, cancelled)).toEqual(['The security key or passkey request was cancelled or timed out.']);
    const known = Object.assign(new Error('known'), {
      name: 'InvalidStateError',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
    });
    expect(authErrorMessages(i18n, known)).toEqual(['This security key or passkey is already registered.']);
    expect(authErrorMessages(i18n, 'weird')).toEqual(['Something went wrong.']);
  });

  it('a refused resend says the seconds the button is still counting, and nothing once the wait is over', () => {
    const refused = new ApiError('NOT_ALLOWED_RESEND', 429, 'wait', ['18']);
    expect(resendErrorText(i18n, refused, 17)).toBe('Please wait 17 seconds before requesting another code.');
    expect(resendErrorText(i18n, refused, 0)).toBeUndefined();
    expect(resendErrorText(i18n, new ApiError('NETWORK_ERROR', 0, 'x'), 0)).toBe(
      authErrorMessages(i18n, new ApiError('NETWORK_ERROR', 0, 'x'))[0],
    );
  });
});
