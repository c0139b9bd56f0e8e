import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import { ZSlug } from './common.ts';
import { ZCitizenSearchBody } from './identity.ts';
import { ZRequestId } from './requests.ts';
import { defineRoute } from './route.ts';
import { ROLES_FOR } from './roles.ts';
import {
  ZAssignBody,
  ZBulkAssignBody,
  ZBulkAssignResult,
  ZCompanySearchBody,
  ZColleagues,
  ZEscalateBody,
  ZInboxCount,
  ZInboxFilter,
  ZInboxPage,
  ZInstallationCompanies,
  ZOwnerToken,
  ZUserGuides,
  ZStaffCommentBody,
  ZStaffRequestDetail,
  ZStatusBody,
} from './staff.ts';
import { ZCitizenFinance, ZCitizenFinanceQuery, ZFeeBody, ZRefundBody, ZStaffPayment } from './finance.ts';
import { ZId } from './common.ts';

/*
 * The staff workspace (issue 11): staff with the role for the work (decision 036). A request outside a staff member's scope (company, sector, service
 * centers) or of a service they do not act on is, for them, a request that does not exist (404, decision 023).
 * Every write names the `version` it saw; a stale one is 409 REQUEST_CHANGED saying who changed what and when.
 */

const tags = ['staff'] as const;
const staff = { kinds: ['staff'] } as const;
/** Handlers of requests (decision 036): which requests, the service's workflow and the caller's scope decide. */
const requestWork = { roles: ROLES_FOR.requestWork } as const;
/** The inbox: handlers, and the assigner (only the requests ready for an installation company). */
const inbox = { roles: ROLES_FOR.inbox } as const;
const one = z.object({ serviceSlug: ZSlug, id: ZRequestId });
const WRITE_ERRORS = ['MODEL_NOT_FOUND', 'REQUEST_CHANGED', 'REQUEST_FINAL'] as const;

export const staffRoutes = {
  staffRequest: defineRoute({
    method: 'GET',
    path: '/api/staff/requests/:serviceSlug/:id',
    summary: 'A request as staff see it: the citizen, assignee, SLA, internal comments and the moves allowed now',
    tags,
    auth: requestWork,
    params: one,
    response: ZStaffRequestDetail,
    errors: ['MODEL_NOT_FOUND'],
  }),
  staffAssign: defineRoute({
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/assign',
    summary: 'Assign the request to a staff member who may act on it (oneself or a colleague), or unassign it (null)',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: requestWork,
    params: one,
    body: ZAssignBody,
    response: ZStaffRequestDetail,
    errors: [...WRITE_ERRORS, 'INVALID_ASSIGNEE'],
  }),
  staffStatus: defineRoute({
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/status',
    summary:
      "Move the request along its service's workflow (needs_info asks the citizen for more information, with a comment); the citizen is notified",
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: requestWork,
    params: one,
    body: ZStatusBody,
    response: ZStaffRequestDetail,
    errors: [...WRITE_ERRORS, 'TRANSITION_NOT_ALLOWED', 'TRANSITION_ROLE_REQUIRED', 'INVALID_INPUT'],
  }),
  staffComment: defineRoute({
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/comments',
    summary: 'Comment on the request: visible to the citizen (on the request), or internal to staff',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: requestWork,
    params: one,
    body: ZStaffCommentBody,
    response: ZStaffRequestDetail,
    errors: [...WRITE_ERRORS],
  }),
  staffEscalate: defineRoute({
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/escalate',
    summary: 'Escalate the request, or remove its escalation',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: requestWork,
    params: one,
    body: ZEscalateBody,
    response: ZStaffRequestDetail,
    errors: [...WRITE_ERRORS],
  }),
  staffColleagues: defineRoute({
    method: 'GET',
    path: '/api/staff/requests/:serviceSlug/:id/colleagues',
    summary: 'Staff who may be assigned the request (its scope, the service)',
    tags,
    auth: requestWork,
    params: one,
    response: ZColleagues,
    errors: ['MODEL_NOT_FOUND'],
  }),
  bulkAssign: defineRoute({
    method: 'POST',
    path: '/api/staff/assign-requests',
    summary:
      'Assign ready requests to an external installation company, all or none, with a "bulk assigned" event on each (EmployeeAssignExternalCompany)',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: { roles: ROLES_FOR.assignRequests },
    body: ZBulkAssignBody,
    response: ZBulkAssignResult,
    errors: ['NO_REQUESTS_SELECTED', 'REQUEST_NOT_READY', 'MODEL_NOT_FOUND'],
  }),
  installationCompanies: defineRoute({
    method: 'GET',
    path: '/api/staff/installation-companies',
    summary: 'The external installation companies ready requests can be assigned to',
    tags,
    auth: { roles: ROLES_FOR.assignRequests },
    response: ZInstallationCompanies,
    errors: [],
  }),
  userGuides: defineRoute({
    method: 'GET',
    path: '/api/userGuides',
    summary: 'The staff user guide library: guides with their document or link, in the language of each',
    tags,
    auth: staff,
    response: ZUserGuides,
    errors: [],
  }),
  ownerToken: defineRoute({
    method: 'POST',
    path: '/api/staff/owner-token',
    summary:
      'Apply on behalf of a citizen: find them (national id, passport number or mobile) and get the Request-Owner-Token naming them',
    tags,
    rateLimit: [LIMITS.citizenLookup, LIMITS.citizenLookupHourly],
    auth: { roles: ROLES_FOR.citizenSearch },
    body: ZCitizenSearchBody,
    response: ZOwnerToken,
    errors: ['CITIZEN_NOT_FOUND'],
  }),
  companyOwnerToken: defineRoute({
    method: 'POST',
    path: '/api/staff/owner-token/company',
    summary:
      "Apply on behalf of a company: its commercial registration, tax number and authorised person find the company's account and get the Request-Owner-Token naming it",
    tags,
    rateLimit: [LIMITS.citizenLookup, LIMITS.citizenLookupHourly],
    auth: { roles: ROLES_FOR.citizenSearch },
    body: ZCompanySearchBody,
    response: ZOwnerToken,
    errors: ['COMPANY_NOT_FOUND', 'COMPANY_NOT_AUTHORISED'],
  }),
  staffSetFee: defineRoute({
    method: 'POST',
    path: '/api/staff/requests/:serviceSlug/:id/fee',
    summary:
      'Set the fee of a request whose service fee is to be estimated, while it waits for its fee; the citizen is told and may pay it (decision 060)',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: requestWork,
    params: one,
    body: ZFeeBody,
    response: ZStaffRequestDetail,
    errors: [...WRITE_ERRORS, 'FEE_NOT_VARIABLE', 'FEE_NOT_DUE', 'PAYMENT_IN_PROGRESS'],
  }),
  citizenFinance: defineRoute({
    method: 'GET',
    path: '/api/staff/citizens/:id/finance',
    summary:
      "A citizen's bills, payments and papers for technical support, read only: only those of meters and requests in the staff member's scope (decision 060)",
    tags,
    auth: { roles: ROLES_FOR.citizenFinance },
    params: z.object({ id: ZId }),
    query: ZCitizenFinanceQuery,
    response: ZCitizenFinance,
    errors: ['CITIZEN_NOT_FOUND'],
  }),
  refundPayment: defineRoute({
    method: 'POST',
    path: '/api/staff/payments/:id/refund',
    summary:
      "Record the refund of a paid payment (returned through the gateway's dashboard or the cashier): its receipt is withdrawn, a credit note issued to the payer, bills owed again (decision 060)",
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: { roles: ROLES_FOR.refunds },
    params: z.object({ id: ZId }),
    body: ZRefundBody,
    response: ZStaffPayment,
    errors: ['MODEL_NOT_FOUND', 'PAYMENT_NOT_REFUNDABLE'],
  }),
  staffInbox: defineRoute({
    method: 'GET',
    path: '/api/dynamic_services/inbox',
    summary:
      'The requests this staff member may act on (role, company, sector, service centers): search, filters, sort and paging in SQL',
    tags,
    auth: inbox,
    filter: ZInboxFilter,
    response: ZInboxPage,
    errors: ['INVALID_FILTER'],
  }),
  staffInboxCount: defineRoute({
    method: 'GET',
    path: '/api/dynamic_services/inbox/count',
    summary: 'How many requests the inbox filter matches, and the escalated, citizen-comment and assigned-to-me counts',
    tags,
    auth: inbox,
    filter: ZInboxFilter,
    response: ZInboxCount,
    errors: ['INVALID_FILTER'],
  }),
  requestsInbox: defineRoute({
    method: 'GET',
    path: '/api/dynamic_services/requestsInbox',
    summary: "One service's inbox with its own columns (its showColumn fields); the filter must name serviceSlug",
    tags,
    auth: inbox,
    filter: ZInboxFilter,
    response: ZInboxPage,
    errors: ['INVALID_FILTER', 'MODEL_NOT_FOUND'],
  }),
} as const;
