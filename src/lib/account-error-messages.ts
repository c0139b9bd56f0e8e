import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TErrorCode } from '../../contract/errors.ts';
import { addErrorMessages } from './error-messages.ts';

/**
 * What the user reads for the codes of sign-in, accounts, codes, requests, payments and files (spec section 8):
 * part of the account catalog, added to the one lookup (`ERROR_MESSAGES`) when this module loads.
 */
export const ACCOUNT_ERROR_MESSAGES: Partial<Record<TErrorCode, MessageDescriptor>> = {
  INVALID_REQUEST_OWNER_TOKEN: msg`This request belongs to another citizen session. Go back and choose the citizen again.`,
  WRONG_CREDENTIALS: msg`Wrong username or password.`,
  LOGIN_FAILED: msg`Wrong username or password.`,
  NO_2FA_REGISTERED: msg`No second sign-in factor is registered for this account.`,
  WRONG_OTP: msg`The verification code is wrong.`,
  WRONG_U2F: msg`The security key was not accepted.`,
  U2F_SIGN_Failed: msg`Signing in with the security key failed.`,
  ALREADY_LOGGED_IN: msg`You are already signed in.`,
  INVALID_PASSWORD: msg`The current password is incorrect.`,
  OLD_PASSWORD_REQUIRED: msg`Enter your current password.`,
  NEW_PASSWORD_REQUIRED: msg`Enter a new password.`,
  ChangePasswordFailed: msg`The password could not be changed.`,
  NOT_EDITABLE: msg`This profile data cannot be edited.`,
  NO_CODE_WAS_SENT: msg`No code was sent. Request a new code.`,
  INVALID_CODE: msg`The code is not valid.`,
  EXPIRED_CODE: msg`The code has expired. Request a new code.`,
  EXPIRES_IN: msg`The code will expire soon.`,
  CODE_ALREADY_SENT: msg`A code was already sent. Check your messages.`,
  TOKEN_SENT: msg`A code has been sent.`,
  NOT_ALLOWED_RESEND: msg`Please wait a little before requesting another code.`,
  MAX_OTP_ATTEMPTS: msg`You have used all attempts. Try again after the waiting period.`,
  USER_NOT_FOUND_OR_ALREADY_VERIFIED: msg`The account was not found or is already verified.`,
  USER_NOT_FOUND: msg`This phone number is not linked to any account.`,
  emailNotFound: msg`This e-mail address is not registered.`,
  EMAIL_PHONE_MISMATCH: msg`The e-mail address and phone number do not match.`,
  EMAIL_NOT_VALID: msg`The e-mail address is not valid.`,
  tokenExpired: msg`The link has expired.`,
  alreadyVerified: msg`This e-mail address is already verified.`,
  notAuthorized: msg`This reset link is no longer available.`,
  DUPLICATE_REQUEST: msg`Another request is being processed. Please try again shortly.`,
  Duplicate_Data: msg`This national ID already exists.`,
  PRICE_INVALID: msg`Choose at least one item.`,
  SERVICE_UNAVAILABLE: msg`Requests for this service are currently unavailable.`,
  service_unavailable: msg`This service is not active right now.`,
  'slot-schema-error': msg`The form of this service could not be loaded.`,
  reading_less_than_last: msg`The current reading must be greater than the previous one.`,
  INVALID_PAYMENT: msg`The payment is not valid.`,
  INVALID_PAYMENT_NUMBER: msg`The payment number is not valid.`,
  PAYMENT_FAILED: msg`The payment failed.`,
  PAYMENT_INCOMPLETE: msg`The payment is not complete.`,
  OLDER_BILLS_FIRST: msg`Older bills must be paid first.`,
  NO_BILLS_DUE: msg`There are no bills due for this number.`,
  PAYMENT_NUMBER_OUT_OF_WINDOW: msg`This payment number is not available today.`,
  UPLOAD_FAILED: msg`The upload failed.`,
  PRINT_FAILED: msg`Printing failed.`,
  DOWNLOAD_FAILED: msg`The download failed.`,
  LOGOUT_FAILED: msg`Signing out failed.`,
  DEADLINE_EXCEEDED: msg`The deadline has passed.`,
  DATE_RANGE_EXCEEDS_LIMIT: msg`The date range exceeds the allowed limit.`,
  INVALID_QR: msg`Invalid QR code.`,
  CHATBOT_FAILED: msg`Sorry, the assistant cannot answer right now.`,
  IDEMPOTENCY_KEY_REUSED: msg`This submission was already used for different data.`,
  IDEMPOTENCY_KEY_IN_FLIGHT: msg`This submission is still being processed.`,
  IDEMPOTENCY_KEY_MISSING: msg`This submission could not be identified. Please send it again.`,
  REQUEST_FINAL: msg`This request is already closed and can no longer be changed.`,
  ALREADY_RATED: msg`You have already rated this request.`,
};

addErrorMessages(ACCOUNT_ERROR_MESSAGES);
