import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import {
  ZMeter,
  ZMeterBody,
  ZMeterDecisionBody,
  ZMeterId,
  ZMeterList,
  ZMeterListQuery,
  ZMeterRemoveBody,
  ZMeterUpdateBody,
  ZReading,
  ZReadingBody,
  ZReadingList,
  ZStaffMeter,
  ZStaffMeterList,
  ZStaffMeterQuery,
} from './meters.ts';
import { defineRoute } from './route.ts';
import { ROLES_FOR } from './roles.ts';

/*
 * Meters and readings (issue 12; spec section 2 "My meters", "Meter reading registration"). A citizen (or an agent
 * for the citizen their session acts for) reaches only their own meters: anyone else's is 404 MODEL_NOT_FOUND
 * (never 403, which signs the client out). Staff decide on meters of their scope (company, sector, service
 * centers; decision 023), naming the `version` they saw (409 METER_CHANGED otherwise). A reading is a replayable
 * write (`idempotency: 'required'`, decision 020) sent through the outbox (decision 019).
 */

const tags = ['meters'] as const;
const owner = { kinds: ['citizen', 'agent'] } as const;
/** Meter approvals (decision 036): staff with the role, in the meter's scope. */
const staff = { roles: ROLES_FOR.meterApprovals } as const;
const one = z.object({ id: ZMeterId });
const OWNER_ERRORS = ['MODEL_NOT_FOUND', 'INVALID_REQUEST_OWNER_TOKEN'] as const;
const IDEMPOTENCY_ERRORS = ['IDEMPOTENCY_KEY_MISSING', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_FLIGHT'] as const;

export const meterRoutes = {
  meterList: defineRoute({
    method: 'GET',
    path: '/api/meters',
    summary: "The caller's meters (all statuses but removed, or one status), newest first, with each one's last reading",
    tags,
    auth: owner,
    query: ZMeterListQuery,
    response: ZMeterList,
    errors: ['INVALID_REQUEST_OWNER_TOKEN'],
  }),
  meterAdd: defineRoute({
    method: 'POST',
    path: '/api/meters',
    summary: 'Add a meter to the account: pending approval by the staff of its company',
    tags,
    rateLimit: [LIMITS.meterWrite],
    auth: owner,
    body: ZMeterBody,
    response: ZMeter,
    status: 201,
    errors: ['METER_NUMBER_TAKEN', 'QUOTA_EXCEEDED', 'INVALID_REQUEST_OWNER_TOKEN'],
  }),
  meterOne: defineRoute({
    method: 'GET',
    path: '/api/meters/:id',
    summary: "One of the caller's meters",
    tags,
    auth: owner,
    params: one,
    response: ZMeter,
    errors: [...OWNER_ERRORS],
  }),
  meterUpdate: defineRoute({
    method: 'PATCH',
    path: '/api/meters/:id',
    summary:
      "Edit one of the caller's meters (the version seen); a rejected meter, or an approved one whose number changes, goes back to pending approval",
    tags,
    rateLimit: [LIMITS.meterWrite],
    auth: owner,
    params: one,
    body: ZMeterUpdateBody,
    response: ZMeter,
    errors: [...OWNER_ERRORS, 'METER_NUMBER_TAKEN', 'QUOTA_EXCEEDED', 'METER_CHANGED', 'METER_NOT_EDITABLE'],
  }),
  meterRemove: defineRoute({
    method: 'POST',
    path: '/api/meters/:id/remove',
    summary: "Remove (delete) one of the caller's meters from the account, with an optional reason",
    tags,
    rateLimit: [LIMITS.meterWrite],
    auth: owner,
    params: one,
    body: ZMeterRemoveBody,
    response: ZMeter,
    errors: [...OWNER_ERRORS, 'METER_CHANGED', 'METER_NOT_EDITABLE'],
  }),
  readingList: defineRoute({
    method: 'GET',
    path: '/api/meters/:id/readings',
    summary: "A meter's readings, newest first (value, period, consumption, date), and its average daily consumption",
    tags,
    auth: owner,
    params: one,
    response: ZReadingList,
    errors: [...OWNER_ERRORS],
  }),
  readingSubmit: defineRoute({
    method: 'POST',
    path: '/api/meters/:id/readings',
    summary:
      "Register an approved meter's reading for the month of its date: checked against the previous one (reading_less_than_last unless a rollover, READING_UNUSUAL unless confirmed), one per period",
    tags,
    rateLimit: [LIMITS.reading],
    auth: owner,
    idempotency: 'required',
    params: one,
    body: ZReadingBody,
    response: ZReading,
    status: 201,
    errors: [
      ...OWNER_ERRORS,
      'METER_NOT_APPROVED',
      'reading_less_than_last',
      'READING_OVER_MAXIMUM',
      'READING_UNUSUAL',
      'READING_PERIOD_TAKEN',
      'READING_DATE_INVALID',
      ...IDEMPOTENCY_ERRORS,
    ],
  }),
  staffMeterList: defineRoute({
    method: 'GET',
    path: '/api/staff/meters',
    summary: "Meters in the staff member's scope (company, sector, service centers), pending approval unless a status is named",
    tags,
    auth: staff,
    query: ZStaffMeterQuery,
    response: ZStaffMeterList,
    errors: [],
  }),
  staffMeterDecide: defineRoute({
    method: 'POST',
    path: '/api/staff/meters/:id/decision',
    summary:
      'Approve a pending meter, reject it (with the reason), or delete any meter from the platform (with the reason); the owner is notified',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: staff,
    params: one,
    body: ZMeterDecisionBody,
    response: ZStaffMeter,
    errors: ['MODEL_NOT_FOUND', 'METER_CHANGED', 'METER_NOT_EDITABLE', 'METER_NUMBER_TAKEN'],
  }),
} as const;
