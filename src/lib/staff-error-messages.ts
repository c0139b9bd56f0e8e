import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TErrorCode } from '../../contract/errors.ts';
import { addErrorMessages } from './error-messages.ts';

/**
 * What staff read for the codes only staff meet (acting for a citizen or a company, moving requests, assigning,
 * fees and refunds, reports, service quality, the services themselves): part of the account catalog, loaded with it in the employee and agent builds
 * only (src/lib/i18n.ts), so citizens' sign-up and forms do not carry them.
 */
export const STAFF_ERROR_MESSAGES: Partial<Record<TErrorCode, MessageDescriptor>> = {
  INVALID_REQUEST_OWNER_TOKEN: msg`This request belongs to another citizen session. Go back and choose the citizen again.`,
  COMPANY_NOT_FOUND: msg`No company account matches this commercial registration number and tax number.`,
  COMPANY_NOT_AUTHORISED: msg`This national ID is not the company's authorised person on record.`,
  REGISTRATION_EXPIRED: msg`This registration is no longer valid. Enter the citizen's details again.`,
  DATE_RANGE_EXCEEDS_LIMIT: msg`The date range exceeds the allowed limit.`,
  TRANSITION_NOT_ALLOWED: msg`The request cannot move to that status from its current status.`,
  TRANSITION_ROLE_REQUIRED: msg`Your role does not allow this step of the request.`,
  SERVICE_CHANGED: msg`Someone else changed this service since you opened it. Reload it to see their change; what you typed is kept.`,
  NO_REQUESTS_SELECTED: msg`Choose at least one request.`,
  FEE_NOT_VARIABLE: msg`This service has a fixed fee: only a fee to be estimated is set here.`,
  FEE_NOT_DUE: msg`The request does not wait for its fee now. Move it to awaiting payment first.`,
  PAYMENT_NOT_REFUNDABLE: msg`This payment cannot be refunded: it was not paid, or it was refunded already.`,
  REQUEST_NOT_READY: msg`One of the chosen requests is not ready for assignment any more. Reload the list and choose again.`,
  INVALID_ASSIGNEE: msg`This employee cannot be assigned this request.`,
  FOLLOW_UP_CLOSED: msg`This follow-up is resolved and can no longer be changed.`,
  CONTACT_MESSAGE_CLOSED: msg`This message is closed and can no longer be changed.`,
};

addErrorMessages(STAFF_ERROR_MESSAGES);
