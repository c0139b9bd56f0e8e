import { z } from 'zod/mini';
import { ZIsoDate, ZIsoDateTime, ZLocalized, freeText, plainText, wholeNumber } from './common.ts';

/*
 * The record of every look at a citizen's personal data (issue 28 parts 4 and 5, decision 071): staff and agents
 * opening a request, a profile, meters, bills or files, searching by national id or mobile, exporting a report.
 * The auditor reads and exports all of it; a citizen reads the looks at their own data and may report one.
 */

export const DATA_ACCESS_KINDS = ['request', 'profile', 'meters', 'bills', 'files', 'search', 'report_export'] as const;
export const ZDataAccessKind = z.enum(DATA_ACCESS_KINDS);
export type TDataAccessKind = z.infer<typeof ZDataAccessKind>;

/** Why: the request being worked, a search (with the reason typed), an agent serving the citizen, a report. */
export const DATA_ACCESS_PURPOSES = ['work', 'search', 'agent', 'report'] as const;
export const ZDataAccessPurpose = z.enum(DATA_ACCESS_PURPOSES);

const paging = {
  limit: z._default(wholeNumber(1, 100), 20),
  skip: z._default(wholeNumber(0, 100_000), 0),
};

/** A look as its citizen sees it: who (name and staff number), their company, when, what and why. */
export const ZCitizenLook = z.object({
  id: z.string(),
  at: ZIsoDateTime,
  staffName: z.string(),
  staffNumber: z.string(),
  /** `staff` (an employee) or `agent`. */
  staffKind: z.enum(['staff', 'agent']),
  /** The staff member's distribution company; null: the holding company. */
  company: z.nullable(ZLocalized),
  kind: ZDataAccessKind,
  purpose: ZDataAccessPurpose,
  /** The request worked, when that is why. */
  requestNumber: z.nullable(z.string()),
  /** The reason typed for a search. */
  reason: z.nullable(z.string()),
  /** The ticket this look's report opened, if the citizen reported it. */
  reportTicket: z.nullable(z.string()),
});
export type TCitizenLook = z.infer<typeof ZCitizenLook>;
export const ZCitizenLookPage = z.object({ items: z.array(ZCitizenLook), total: z.int() });
export const ZCitizenLookQuery = z.object(paging);

/** POST /api/profile/data-access/:id/report: what the citizen finds wrong (optional). */
export const ZLookReportBody = z.strictObject({ note: z.optional(freeText(1, 1000)) });
export const ZLookReport = z.object({ lookId: z.string(), ticketNumber: z.string(), ticketId: z.nullable(z.string()) });

/** The auditor's filters: staff (number or name), citizen (national id, mobile or account number), kind, dates. */
export const ZDataAccessQuery = z.object({
  staff: z.optional(plainText(1, 100)),
  citizen: z.optional(plainText(1, 100)),
  kind: z.optional(ZDataAccessKind),
  from: z.optional(ZIsoDate),
  to: z.optional(ZIsoDate),
  /** Only the looks a citizen reported. */
  reported: z.optional(z.enum(['true', 'false'])),
  ...paging,
});
export type TDataAccessQuery = z.input<typeof ZDataAccessQuery>;

/** A row as the auditor reads it: everything recorded, and the citizen's report if any. */
export const ZAuditLook = z.extend(ZCitizenLook, {
  staffId: z.string(),
  citizenId: z.nullable(z.string()),
  citizenName: z.nullable(z.string()),
  citizenNationalId: z.nullable(z.string()),
  recordId: z.nullable(z.string()),
  build: z.string(),
  address: z.nullable(z.string()),
  reportNote: z.nullable(z.string()),
});
export type TAuditLook = z.infer<typeof ZAuditLook>;
export const ZAuditLookPage = z.object({ items: z.array(ZAuditLook), total: z.int() });
export const ZDataAccessExportQuery = z.object({
  staff: ZDataAccessQuery.shape.staff,
  citizen: ZDataAccessQuery.shape.citizen,
  kind: ZDataAccessQuery.shape.kind,
  from: ZDataAccessQuery.shape.from,
  to: ZDataAccessQuery.shape.to,
  reported: ZDataAccessQuery.shape.reported,
  lang: z.optional(z.enum(['ar', 'en'])),
});
/** A look's id (the record's number). */
export const ZLookId = z.string().check(z.regex(/^[1-9]\d{0,17}$/));
