import { z } from 'zod/mini';
import { ZId, ZIsoDateTime, ZLocalized, ZSlug, freeText, int } from './common.ts';
import { FIELD_CODES, ZName, ZNationalId, digits } from './identity.ts';
import { ZRequestDetail, ZRequestId, ZRequestStage, ZRequestStatus, ZStatusId } from './requests.ts';

/*
 * The staff workspace (issue 11; decisions 023, 024): the request as staff see it, the actions they take on it
 * (each naming the `version` it saw: optimistic concurrency), bulk assignment to an installation company, and the
 * inbox (spec section 7 `/dynamic_services/inbox`, `/inbox/count`, `/requestsInbox`).
 */

const opt = z.optional;

export const ZSla = z.object({
  stageDays: z.nullable(z.int()),
  stageDaysLeft: z.nullable(z.int()),
  totalDays: z.nullable(z.int()),
  totalDaysLeft: z.nullable(z.int()),
  overdue: z.boolean(),
});

export const ZPerson = z.object({ id: ZId, name: z.string() });
export const ZCompanyRef = z.object({ id: ZId, name: ZLocalized });
export const ZCitizenCard = z.object({
  id: ZId,
  name: z.string(),
  nationalId: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  /** Filing for a company (decision 061): the company's account, its registration and its authorised person. */
  company: z.optional(z.object({ commercialRegistration: z.string(), taxNumber: z.string(), authorisedName: z.string() })),
});

/** What a request's fee waits for (issue 24): the citizen's payment, or the amount staff set (decision 060). */
export const ZFeeWait = z.enum(['payment', 'amount']);
export type TFeeWait = z.infer<typeof ZFeeWait>;

export const ZStaffTransition = z.object({ to: z.string(), label: ZLocalized, needsComment: z.boolean() });

/** GET /api/staff/requests/:serviceSlug/:id: the citizen's view plus what staff work with. */
export const ZStaffRequestDetail = z.extend(ZRequestDetail, {
  version: z.int(),
  assignee: z.nullable(ZPerson),
  assignedCompany: z.nullable(ZCompanyRef),
  sla: ZSla,
  /** The moves this staff member may make now. */
  transitions: z.array(ZStaffTransition),
  owner: z.nullable(ZCitizenCard),
  filedBy: z.nullable(ZPerson),
  citizenCommentAt: z.nullable(ZIsoDateTime),
  escalatedAt: z.nullable(ZIsoDateTime),
  /** A variable ("to be estimated") fee this staff member may set now (decision 060): the request waits for it. */
  feeSettable: z.boolean(),
  feeWait: z.nullable(ZFeeWait),
});
export type TStaffRequestDetail = z.infer<typeof ZStaffRequestDetail>;

const version = int(1);
export const ZAssignBody = z.strictObject({ version, assigneeId: z.nullable(ZId) });
export const ZStatusBody = z.strictObject({ version, to: ZStatusId, comment: opt(freeText(1, 2000)) });
export const ZStaffCommentBody = z.strictObject({ version, body: freeText(1, 2000), internal: z.boolean() });
export const ZEscalateBody = z.strictObject({ version, escalated: z.boolean(), comment: opt(freeText(1, 2000)) });
export const ZColleagues = z.object({ items: z.array(ZPerson) });

/** POST /api/staff/assign-requests: an empty list is NO_REQUESTS_SELECTED (spec section 5), said by the use case. */
export const ZBulkAssignBody = z.strictObject({
  requestIds: z.array(ZRequestId).check(z.maxLength(100)),
  installationCompanyId: ZId,
});
export const ZBulkAssignResult = z.object({ assigned: z.int(), company: ZCompanyRef });
export const ZInstallationCompanies = z.object({ items: z.array(ZCompanyRef) });

/* ------------------------------------------------- inbox --------------------------------------------------- */

export const INBOX_SORTS = ['createdAt', 'statusUpdatedAt', 'stageStartedAt', 'number'] as const;

/** The inbox filter (`filter` query parameter, JSON text). */
export const ZInboxFilter = z.strictObject({
  serviceSlug: opt(ZSlug),
  status: opt(ZStatusId),
  stageId: opt(ZStatusId),
  assignedToMe: opt(z.boolean()),
  unassigned: opt(z.boolean()),
  escalated: opt(z.boolean()),
  citizenComments: opt(z.boolean()),
  /** Waits for its fee: the citizen's payment, or the amount staff set (issue 24). */
  feeDue: opt(z.boolean()),
  statusChangedSince: opt(ZIsoDateTime),
  /** Ready for an installation company and not assigned to one yet (`/assign-requests`). */
  ready: opt(z.boolean()),
  /** A request number (or part), national id, mobile, citizen name, or a value of a `searchField` field. */
  q: opt(freeText(1, 100)),
  sort: opt(z.enum(INBOX_SORTS)),
  order: opt(z.enum(['asc', 'desc'])),
  limit: opt(int(1, 100)),
  skip: opt(int(0, 100_000)),
});
export type TInboxFilter = z.infer<typeof ZInboxFilter>;

export const ZColumnValue = z.nullable(z.union([z.string(), z.number(), z.boolean()]));
export const ZInboxRow = z.object({
  id: ZRequestId,
  ID: z.string(),
  serviceSlug: z.string(),
  serviceLabel: ZLocalized,
  status: ZRequestStatus,
  stage: z.nullable(ZRequestStage),
  sla: ZSla,
  createdAt: ZIsoDateTime,
  statusUpdatedAt: ZIsoDateTime,
  applicantName: z.nullable(z.string()),
  citizen: z.nullable(ZCitizenCard),
  assignee: z.nullable(ZPerson),
  assignedCompany: z.nullable(ZCompanyRef),
  escalated: z.boolean(),
  citizenComment: z.boolean(),
  feeWait: z.nullable(ZFeeWait),
  version: z.int(),
  columns: z.record(z.string(), ZColumnValue),
});
export type TInboxRow = z.infer<typeof ZInboxRow>;
export const ZInboxColumn = z.object({ dataIndex: z.string(), label: ZLocalized, type: z.string() });
export type TInboxColumn = z.infer<typeof ZInboxColumn>;
export const ZInboxPage = z.object({ items: z.array(ZInboxRow), total: z.int(), columns: opt(z.array(ZInboxColumn)) });
export type TInboxPage = z.infer<typeof ZInboxPage>;
export const ZInboxCount = z.object({
  count: z.int(),
  escalated: z.int(),
  citizenComments: z.int(),
  assignedToMe: z.int(),
  feeDue: z.int(),
});
export type TInboxCount = z.infer<typeof ZInboxCount>;
export type TSla = z.infer<typeof ZSla>;

/** POST /api/staff/owner-token: the citizen an employee applies for, and the token naming them (decision 025). */
export const ZOwnerToken = z.object({ token: z.string(), expiresAt: ZIsoDateTime, citizen: ZCitizenCard });
export type TOwnerToken = z.infer<typeof ZOwnerToken>;

/** GET /api/userGuides: the staff user guide library (spec section 3 "User guide"), in its order. */
export const ZUserGuide = z.object({
  id: ZId,
  name: ZLocalized,
  url: ZLocalized,
  kind: z.enum(['document', 'video', 'link']),
});
export const ZUserGuides = z.object({ items: z.array(ZUserGuide) });
export type TUserGuide = z.infer<typeof ZUserGuide>;

/*
 * Applying for a company (issue 24, decision 061): here, not in identity.ts, so that sign-up's chunk does not carry
 * what only staff send.
 */

/** Commercial registration number (السجل التجاري): 1 to 12 digits. */
export const COMMERCIAL_REGISTRATION_RE = /^\d{1,12}$/;
/** Tax registration number (رقم التسجيل الضريبي): 9 digits, often written 123-456-789. */
export const TAX_NUMBER_RE = /^\d{9}$/;
/**
 * Applying on behalf of a company (spec section 1, issue 24): its commercial registration and tax number find the
 * company's account; its authorised person's national id must be the one on record. The name the employee typed
 * is checked against nothing (spellings differ): the answer shows the name on record.
 */
export const ZCompanySearchBody = z.strictObject({
  commercialRegistration: digits().check(z.regex(COMMERCIAL_REGISTRATION_RE, { error: 'commercial-registration-invalid' })),
  taxNumber: digits().check(z.regex(TAX_NUMBER_RE, { error: 'tax-number-invalid' })),
  companyName: z.string().check(z.trim(), z.minLength(2, { error: FIELD_CODES.required }), z.maxLength(120)),
  authorisedName: ZName,
  authorisedNationalId: ZNationalId,
  /** Why the employee looks the company up (decision 071): kept in the data-access record. */
  reason: z.optional(freeText(3, 300)),
});
export type TCompanySearchBody = z.input<typeof ZCompanySearchBody>;
