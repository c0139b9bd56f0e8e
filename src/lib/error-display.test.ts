import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as ar } from '../locales/ar/messages.po';
import { messages as en } from '../locales/en/messages.po';
import { messages as arAccount } from '../locales/ar/account.po';
import { messages as enAccount } from '../locales/en/account.po';
import { errorMessages, isNotFound } from './error-display.ts';
import { ApiError } from './api-client.ts';

const i18nFor = (locale: 'ar' | 'en') => {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === 'ar' ? ar : en });
  return i18n;
};

describe('error display rules (spec section 8)', () => {
  const arI18n = i18nFor('ar');
  const enI18n = i18nFor('en');

  it('translates an error by its code, in Arabic and English', () => {
    const err = new ApiError('TOO_MANY_REQUESTS', 429, 'Slow down');
    expect(errorMessages(enI18n, err)).toEqual(['Too many attempts. Please wait a little and try again.']);
    expect(errorMessages(arI18n, err)).toEqual(['محاولات كثيرة. برجاء الانتظار قليلًا ثم المحاولة مرة أخرى.']);
  });

  it('translates the account and request codes once the account catalog and its error messages are loaded', async () => {
    const err = new ApiError('WRONG_CREDENTIALS', 401, 'Wrong username or password');
    expect(errorMessages(enI18n, err)).toEqual(['Something went wrong.']);
    await import('./account-error-messages.ts');
    enI18n.load('en', enAccount);
    arI18n.load('ar', arAccount);
    expect(errorMessages(enI18n, err)).toEqual(['Wrong username or password.']);
    expect(errorMessages(arI18n, err)).toEqual(['اسم المستخدم أو كلمة المرور غير صحيحة.']);
  });

  it('shows the detail messages of an object error, joined', () => {
    expect(errorMessages(enI18n, { code: 'X', details: ['First', 'Second'] })).toEqual(['First, Second']);
    expect(errorMessages(arI18n, { code: 'X', details: ['أولًا', 'ثانيًا'] })).toEqual(['أولًا، ثانيًا']);
  });

  it('falls back to "something wrong" for unknown codes and for no error at all', () => {
    expect(errorMessages(enI18n, { code: 'SOMETHING_NEW' })).toEqual(['Something went wrong.']);
    expect(errorMessages(arI18n, undefined)).toEqual(['حدث خطأ ما.']);
    expect(errorMessages(enI18n, [])).toEqual(['Something went wrong.']);
  });

  it('translates a string error as a code, and de-duplicates messages', () => {
    expect(errorMessages(enI18n, ['NETWORK_ERROR', 'NETWORK-ERROR', { code: 'NETWORK_ERROR' }])).toEqual([
      'No connection. Check your internet connection and try again.',
    ]);
    expect(errorMessages(enI18n, 'VALIDATION_ERROR')).toEqual(['This e-mail address is already subscribed.']);
    expect(errorMessages(enI18n, 'ValidationError')).toEqual(['The e-mail address is not valid.']);
  });

  it('never shows the server English message in the Arabic UI', () => {
    const err = new ApiError('MODEL_NOT_FOUND', 404, 'Service not found');
    expect(errorMessages(arI18n, err).join(' ')).not.toContain('Service not found');
  });

  it('recognises the codes shown as the not-found page', () => {
    for (const code of ['NOT_FOUND', 'MODEL_NOT_FOUND', 'ACTIVITY_NOT_FOUND']) expect(isNotFound({ code })).toBe(true);
    expect(isNotFound({ code: 'GENERAL_ERROR' })).toBe(false);
  });
});
