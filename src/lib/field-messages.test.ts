import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as enShell } from '../locales/en/messages.po';
import { messages as arShell } from '../locales/ar/messages.po';
import { messages as enAccount } from '../locales/en/account.po';
import { messages as arAccount } from '../locales/ar/account.po';
import { fieldErrorMessage } from './field-messages.ts';

const en = { ...enShell, ...enAccount };
const ar = { ...arShell, ...arAccount };

const i18nFor = (locale: 'ar' | 'en') => {
  const i18n = setupI18n();
  i18n.loadAndActivate({ locale, messages: locale === 'ar' ? ar : en });
  return i18n;
};

describe('field error wording (spec section 5)', () => {
  const i18n = i18nFor('en');
  const m = (code: string, extra: { min?: number; max?: number } = {}, fieldId?: string) =>
    fieldErrorMessage(i18n, { code, ...extra }, { label: 'Username', lang: 'en', ...(fieldId ? { fieldId } : {}) });

  it('translates the account codes of the contract', () => {
    expect(m('required')).toBe('This field is required.');
    expect(m('email-invalid')).toBe('The e-mail address is not valid.');
    expect(m('password-mismatch')).toBe('The passwords do not match.');
    expect(m('mobile-invalid')).toMatch(/01, then 0, 1, 2 or 5/);
    expect(m('required', {}, 'oldPassword')).toBe('Enter your current password.');
    expect(m('already-exists', {}, 'nationalId')).toBe('This national ID already exists.');
  });

  it('words number bounds by which bounds exist', () => {
    expect(m('number-range', { min: 3, max: 3 })).toBe('The value must be 3.');
    expect(m('number-range', { min: 1, max: 9 })).toBe('Enter a number from 1 to 9.');
    expect(m('number-range', { max: 9 })).toBe('Enter a number equal to or less than 9.');
    expect(m('number-range', { min: 1 })).toBe('Enter a number equal to or greater than 1.');
  });

  it('prefixes counts with the bound and words entries and lengths', () => {
    expect(m('min-count', { min: 2 })).toMatch(/^2 /);
    expect(m('max-count', { max: 5 })).toMatch(/^5 /);
    expect(m('min-entries', { min: 1 })).toBe('Add at least 1 entries.');
    expect(m('min-length', { min: 3 })).toBe('Enter at least 3 characters.');
    expect(m('max-less-min')).toBe('The maximum must be greater than the minimum.');
  });

  it('gives label plus "not valid" for other invalid codes, and appends a catalogued error to the label', () => {
    expect(m('iban-invalid')).toBe('Username is not valid.');
    expect(m('Duplicate_Data')).toBe('Username: This national ID already exists.');
    expect(m('something-else')).toBe('This value is not accepted.');
    expect(
      fieldErrorMessage(
        i18n,
        { code: 'pattern-invalid', custom: { ar: 'حروف صغيرة فقط', en: 'Lower case only' } },
        { label: 'U', lang: 'ar' },
      ),
    ).toBe('حروف صغيرة فقط');
  });

  it('is Arabic in Arabic', () => {
    const arI18n = i18nFor('ar');
    expect(fieldErrorMessage(arI18n, { code: 'required' }, { label: 'x', lang: 'ar' })).toBe('هذا الحقل مطلوب.');
  });
});
