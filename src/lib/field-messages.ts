import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TLang } from '../../contract/common.ts';
import { FIELD_CODES } from '../../contract/identity.ts';
import type { TLocalized } from '../../contract/common.ts';
import { ERROR_MESSAGES } from './error-messages.ts';
// The account codes' messages join the lookup wherever these errors are shown.
import './account-error-messages.ts';

/** A field error as a code with its bounds, never a text: translated here, in the current language. */
export type FieldIssue = {
  code: string;
  min?: number | undefined;
  max?: number | undefined;
  /** A field's own wording for a pattern failure (`customRegexError`), in both languages or already resolved. */
  custom?: TLocalized | string | undefined;
};
export type FieldErrors = Record<string, FieldIssue>;

/*
 * What the user reads next to a field (spec section 5 "Field error wording"), in the current language:
 * - the account codes of contract/identity.ts FIELD_CODES and the generic rule codes of the form engine;
 * - minCount / maxCount are prefixed with the bound; minEntries / maxEntries have their own messages;
 * - number bounds: equal min and max, both, only max, only min each have their own message;
 * - 'max-less-min', 'maxNumber-required', 'minNumber-required' are translated;
 * - any other code containing 'invalid' gives the label plus "is not valid";
 * - a code the error catalogue translates (e.g. from the server) is appended to the label.
 */

type Ctx = {
  label: string;
  lang: TLang;
  fieldId?: string | undefined;
  /** The field takes files: its count bounds read "minimum" and "maximum" (spec section 5). */
  files?: boolean | undefined;
};

export function fieldErrorMessage(i18n: I18n, issue: FieldIssue, ctx: Ctx): string {
  const min = issue.min ?? 0;
  const max = issue.max ?? 0;
  const { label } = ctx;
  switch (issue.code) {
    case FIELD_CODES.required:
      // Spec section 8: the password change names what is missing.
      if (ctx.fieldId === 'oldPassword') return i18n._(msg`Enter your current password.`);
      if (ctx.fieldId === 'newPassword') return i18n._(msg`Enter a new password.`);
      return i18n._(msg`This field is required.`);
    case FIELD_CODES.username:
      return i18n._(msg`Use 3 to 32 lower-case English letters and digits, with no spaces or symbols.`);
    case FIELD_CODES.email:
      return i18n._(msg`The e-mail address is not valid.`);
    case FIELD_CODES.mobile:
      return i18n._(msg`Enter an Egyptian mobile number: 01, then 0, 1, 2 or 5, then 8 digits.`);
    case FIELD_CODES.password:
      return i18n._(msg`Use 8 to 15 characters with an upper-case letter, a lower-case letter, a digit and a symbol.`);
    case FIELD_CODES.passwordMismatch:
      return i18n._(msg`The passwords do not match.`);
    case FIELD_CODES.nationalId:
      return i18n._(msg`Enter the 14-digit national ID exactly as on your card.`);
    case FIELD_CODES.name:
      return i18n._(msg`Enter 2 to 50 letters.`);
    case FIELD_CODES.code:
      return i18n._(msg`Enter the 6-digit code.`);
    case 'landline-invalid':
      return i18n._(msg`Enter a landline with its area code, for example 0223456789.`);
    case 'commercial-registration-invalid':
      return i18n._(msg`Enter the commercial registration number: up to 12 digits.`);
    case 'tax-number-invalid':
      return i18n._(msg`Enter the 9-digit tax registration number.`);
    case 'passport-invalid':
      return i18n._(msg`The passport number is not valid.`);
    case 'password-incorrect':
      return i18n._(msg`The current password is incorrect.`);
    case 'password-same':
      return i18n._(msg`The new password must be different from the current one.`);
    case 'not-editable':
      return i18n._(msg`This profile data cannot be edited.`);
    case 'already-exists':
      return ctx.fieldId === 'nationalId'
        ? i18n._(msg`This national ID already exists.`)
        : i18n._(msg`This value is already registered to another account.`);
    case 'min-length':
      return i18n._(msg`Enter at least ${min} characters.`);
    case 'max-length':
      return i18n._(msg`Enter at most ${max} characters.`);
    case 'number-range':
      if (issue.min !== undefined && issue.max !== undefined)
        return min === max ? i18n._(msg`The value must be ${min}.`) : i18n._(msg`Enter a number from ${min} to ${max}.`);
      if (issue.max !== undefined) return i18n._(msg`Enter a number equal to or less than ${max}.`);
      if (issue.min !== undefined) return i18n._(msg`Enter a number equal to or greater than ${min}.`);
      return i18n._(msg`Enter a number.`);
    case 'number-gt':
      return i18n._(msg`Enter a number greater than ${min}.`);
    case 'number-lt':
      return i18n._(msg`Enter a number less than ${max}.`);
    case 'whole-number':
      return i18n._(msg`Enter a whole number.`);
    case 'number-expected':
      return i18n._(msg`Enter a number.`);
    case 'text-expected':
      return i18n._(msg`Enter text.`);
    case 'value-not-allowed':
      return i18n._(msg`This value is not allowed.`);
    case 'min-count':
      return ctx.files ? i18n._(msg`${min} files minimum: add more.`) : i18n._(msg`${min} at least: choose more.`);
    case 'max-count':
      return ctx.files ? i18n._(msg`${max} files maximum: remove some.`) : i18n._(msg`${max} at most: choose fewer.`);
    case 'min-entries':
      return i18n._(msg`Add at least ${min} entries.`);
    case 'max-entries':
      return i18n._(msg`Add at most ${max} entries.`);
    case 'max-less-min':
      return i18n._(msg`The maximum must be greater than the minimum.`);
    case 'maxNumber-required':
      return i18n._(msg`Enter the maximum number.`);
    case 'minNumber-required':
      return i18n._(msg`Enter the minimum number.`);
    case 'date-invalid':
      return i18n._(msg`Enter a valid date.`);
    case 'date-min':
      return i18n._(msg`Choose a date on or after the allowed first day.`);
    case 'date-max':
      return i18n._(msg`Choose a date that is not after the allowed last day.`);
    case 'date-future':
      return i18n._(msg`Choose a date in the future.`);
    case 'date-past':
      return i18n._(msg`Choose a date in the past.`);
    case 'pattern-invalid':
      if (typeof issue.custom === 'string') return issue.custom;
      return issue.custom ? issue.custom[ctx.lang] : i18n._(msg`${label} is not valid.`);
    default:
      break;
  }
  const known = ERROR_MESSAGES[issue.code as keyof typeof ERROR_MESSAGES];
  if (known) {
    const message = i18n._(known);
    return i18n._(msg`${label}: ${message}`);
  }
  if (issue.code.toLowerCase().includes('invalid')) return i18n._(msg`${label} is not valid.`);
  return i18n._(msg`This value is not accepted.`);
}
