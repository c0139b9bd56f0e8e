import type { I18n } from '@lingui/core';
import { NOT_FOUND_CODES } from '../../contract/errors.ts';
import { ERROR_MESSAGES, SOMETHING_WRONG } from './error-messages.ts';

// An ApiError, an outbox error, or any Error a mutation may end with (`message` lets an Error be given as it is).
type ErrorLike = { code?: string; details?: string[] | undefined; message?: string } | string | null | undefined;

const translateCode = (i18n: I18n, code: string | undefined): string | undefined => {
  const d = code ? ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] : undefined;
  return d ? i18n._(d) : undefined;
};

/**
 * Spec section 8 "Error display rules": an object error shows its detail messages; otherwise its code's
 * translation, else "something wrong". A string error is translated as a code. No errors gives "something
 * wrong". Messages are de-duplicated.
 */
export function errorMessages(i18n: I18n, errors: ErrorLike | ErrorLike[]): string[] {
  const list = (Array.isArray(errors) ? errors : [errors]).filter(
    (e): e is NonNullable<ErrorLike> => e !== null && e !== undefined && e !== '',
  );
  if (list.length === 0) return [i18n._(SOMETHING_WRONG)];
  const out: string[] = [];
  for (const e of list) {
    if (typeof e === 'string') out.push(translateCode(i18n, e) ?? i18n._(SOMETHING_WRONG));
    else if (e.details && e.details.length > 0) out.push(e.details.join(i18n.locale === 'ar' ? '، ' : ', '));
    else out.push(translateCode(i18n, e.code) ?? i18n._(SOMETHING_WRONG));
  }
  return [...new Set(out)];
}

export const isNotFound = (e: ErrorLike): boolean =>
  typeof e === 'object' && e !== null && NOT_FOUND_CODES.includes(e.code ?? '');
