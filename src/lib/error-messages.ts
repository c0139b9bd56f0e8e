import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TErrorCode } from '../../contract/errors.ts';

/**
 * What the user reads for each error code of spec section 8. The UI translates by code and never shows the
 * server's English message. Codes without a user-facing meaning of their own fall back to "something wrong".
 */
export const ERROR_MESSAGES: Partial<Record<TErrorCode, MessageDescriptor>> = {
  UNAUTHORIZED: msg`Please sign in to continue.`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  MAINTENANCE: msg`The portal is under maintenance. Please come back later.`,
  CANCEL: msg`The request was cancelled.`,
  'NETWORK-ERROR': msg`No connection. Check your internet connection and try again.`,
  NETWORK_ERROR: msg`No connection. Check your internet connection and try again.`,
  ECONNABORTED: msg`The other party cannot be reached right now. Please try again later.`,
  INTERNAL_SERVER_ERROR: msg`Something went wrong on our side. Please try again.`,
  GENERAL_ERROR: msg`Something went wrong. Please try again.`,
  INTEGRATION_ERROR: msg`A connected system did not answer. Please try again later.`,
  NOT_FOUND: msg`The page or item you are looking for was not found.`,
  MODEL_NOT_FOUND: msg`The page or item you are looking for was not found.`,
  ACTIVITY_NOT_FOUND: msg`The page or item you are looking for was not found.`,
  SERVICE_HIDDEN: msg`This service is not offered on the portal.`,
  INVALID_INPUT: msg`Some of the information entered is not valid. Please review it.`,
  INVALID_FILTER: msg`The search criteria are not valid.`,
  PAYLOAD_TOO_LARGE: msg`What you sent is too large.`,
  URI_TOO_LONG: msg`The address is too long.`,
  HEADERS_TOO_LARGE: msg`What your browser sent is too large. Clearing this site's cookies may help.`,
  REQUEST_TIMEOUT: msg`The request took too long. Please try again.`,
  UNSUPPORTED_MEDIA_TYPE: msg`This type of content is not accepted.`,
  METHOD_NOT_ALLOWED: msg`This action is not allowed.`,
  TOO_MANY_REQUESTS: msg`Too many attempts. Please wait a little and try again.`,
  GRANT_EXPIRED: msg`Your session has expired. Please try again.`,
  NO_DATA: msg`No data.`,
  VALIDATION_ERROR: msg`This e-mail address is already subscribed.`,
  ValidationError: msg`The e-mail address is not valid.`,
};

/**
 * The messages of the account and request codes live in src/lib/account-error-messages.ts, in the account
 * catalog: a visitor's first page does not carry them (home page budget). The modules that show those errors
 * (and the account catalog's loader) add them here.
 */
export function addErrorMessages(more: Partial<Record<TErrorCode, MessageDescriptor>>): void {
  Object.assign(ERROR_MESSAGES, more);
}

export const SOMETHING_WRONG = msg`Something went wrong.`;
