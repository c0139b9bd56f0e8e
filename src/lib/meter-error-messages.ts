import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TErrorCode } from '../../contract/errors.ts';
import { addErrorMessages } from './error-messages.ts';

/**
 * What the user reads for the meters' and readings' codes: part of the account catalog, loaded with it
 * (src/lib/i18n.ts) rather than with the sign-in and sign-up screens, which never meet them.
 */
export const METER_ERROR_MESSAGES: Partial<Record<TErrorCode, MessageDescriptor>> = {
  METER_NUMBER_TAKEN: msg`This meter number is already registered on an account.`,
  METER_CHANGED: msg`Someone else changed this meter since you opened it. Reload it to see the change.`,
  METER_NOT_EDITABLE: msg`This meter can no longer be changed.`,
  METER_NOT_APPROVED: msg`Readings can be registered for approved meters only.`,
  READING_PERIOD_TAKEN: msg`This meter already has a reading for this month.`,
  READING_UNUSUAL: msg`This reading is much higher than usual for this meter. Check it, and confirm it if it is right.`,
  READING_OVER_MAXIMUM: msg`This reading is larger than the meter display can show.`,
  READING_DATE_INVALID: msg`The reading date does not fit: it is in the future, or a later reading is lower.`,
};

addErrorMessages(METER_ERROR_MESSAGES);
