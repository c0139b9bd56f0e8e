import { z } from 'zod/mini';
import { ZId, ZIsoDate, ZIsoDateTime, ZLocalized, ZSlug, freeText, int, wholeNumber } from './common.ts';
import { CONTACT_MESSAGE_TYPES } from './public-forms.ts';

/*
 * Service quality management (issue 26 part 1, decision 066): ratings per service, company, sector and period,
 * SLA breaches per service and stage (both computed by the report framework's runners, server/domain/reports),
 * the citizens' comments, quality follow-ups and the contact-form messages' triage. MANAGE_SERVICE_QUALITY only,
 * within the staff member's scope (company, sector, service centers).
 */

/** Working days are not modelled: a follow-up is due this many days after it was opened. */
export const QUALITY_FOLLOW_UP_DAYS = 3;
/** A contact message is due an answer this many days after it was sent. */
export const CONTACT_REPLY_DAYS = 2;

/** A rating at or below this (1 could not complete, 2 with some difficulty) opens a follow-up. */
export const LOW_RATING_MAX = 2;

const page = {
  limit: z._default(wholeNumber(1, 50), 20),
  skip: z._default(wholeNumber(0, 100_000), 0),
};

/** The period and the narrowing of the ratings and breaches summaries (Cairo days, both included). */
export const ZQualityQuery = z.strictObject({
  from: ZIsoDate,
  to: ZIsoDate,
  by: z.optional(z.enum(['service', 'company', 'sector', 'month', 'stage'])),
  service: z.optional(ZSlug),
  companyId: z.optional(ZId),
  sectorId: z.optional(ZId),
});
export type TQualityQuery = z.infer<typeof ZQualityQuery>;

/** One row of a summary: the group's key and name, and its figures (those that mean something for the summary). */
export const ZQualityRow = z.object({
  key: z.nullable(z.string()),
  label: z.nullable(ZLocalized),
  count: int(0),
  average: z.nullable(z.number()),
  /** Ratings: how many of each answer (index 0: 1, could not complete; 2: 3, completed easily). */
  distribution: z.array(int(0)),
  /** Breaches: requests open, past their stage's days, and the days overdue on average. */
  open: int(0),
  breached: int(0),
  averageDaysOverdue: z.nullable(z.number()),
});
export type TQualityRow = z.infer<typeof ZQualityRow>;
export const ZQualitySummary = z.object({
  rows: z.array(ZQualityRow),
  total: z.nullable(ZQualityRow),
  generatedAt: ZIsoDateTime,
});
export type TQualitySummary = z.infer<typeof ZQualitySummary>;

/** The citizens' comments on their ratings, searchable. */
export const ZQualityCommentsQuery = z.strictObject({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  service: z.optional(ZSlug),
  answer: z.optional(wholeNumber(1, 3)),
  ...page,
});
export const ZQualityComment = z.object({
  requestId: z.string(),
  requestNumber: z.string(),
  serviceSlug: z.string(),
  serviceLabel: z.nullable(ZLocalized),
  answer: int(1, 3),
  comment: z.nullable(z.string()),
  createdAt: ZIsoDateTime,
  followUpId: z.nullable(z.string()),
});
export const ZQualityComments = z.object({ items: z.array(ZQualityComment), total: int(0) });
export type TQualityComment = z.infer<typeof ZQualityComment>;

/* ------------------------------------------------ follow-ups ------------------------------------------------ */

export const FOLLOW_UP_STATUSES = ['open', 'contacted', 'resolved'] as const;
export type TFollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

export const ZFollowUpsQuery = z.strictObject({ status: z.optional(z.enum(FOLLOW_UP_STATUSES)), ...page });
export const ZFollowUp = z.object({
  id: z.string(),
  requestId: z.string(),
  requestNumber: z.string(),
  serviceSlug: z.string(),
  serviceLabel: z.nullable(ZLocalized),
  citizenName: z.nullable(z.string()),
  answer: int(1, 3),
  comment: z.nullable(z.string()),
  status: z.enum(FOLLOW_UP_STATUSES),
  assigneeName: z.nullable(z.string()),
  reply: z.nullable(z.string()),
  repliedAt: z.nullable(ZIsoDateTime),
  createdAt: ZIsoDateTime,
  dueAt: ZIsoDateTime,
  overdue: z.boolean(),
});
export type TFollowUp = z.infer<typeof ZFollowUp>;
export const ZFollowUps = z.object({ items: z.array(ZFollowUp), total: int(0) });

/** A reply to the citizen (in the app, by e-mail, SMS and push): the follow-up becomes contacted. */
export const ZFollowUpReplyBody = z.strictObject({ message: freeText(2, 1000) });
/** Moves along open → contacted → resolved (a resolved one is final). */
export const ZFollowUpStatusBody = z.strictObject({ status: z.enum(['contacted', 'resolved']) });

/* --------------------------------------------- contact messages --------------------------------------------- */

export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export type TContactStatus = (typeof CONTACT_STATUSES)[number];

export const ZContactMessagesQuery = z.strictObject({
  status: z.optional(z.enum(CONTACT_STATUSES)),
  type: z.optional(z.enum(CONTACT_MESSAGE_TYPES)),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  ...page,
});
export const ZContactMessageItem = z.object({
  id: z.string(),
  referenceNumber: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.nullable(z.string()),
  messageType: z.enum(CONTACT_MESSAGE_TYPES),
  serviceSlug: z.nullable(z.string()),
  requestNumber: z.nullable(z.string()),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  assigneeId: z.nullable(z.string()),
  assigneeName: z.nullable(z.string()),
  reply: z.nullable(z.string()),
  replyChannel: z.nullable(z.enum(['email', 'sms'])),
  repliedAt: z.nullable(ZIsoDateTime),
  createdAt: ZIsoDateTime,
  dueAt: ZIsoDateTime,
  overdue: z.boolean(),
});
export type TContactMessageItem = z.infer<typeof ZContactMessageItem>;
export const ZContactMessages = z.object({ items: z.array(ZContactMessageItem), total: int(0) });

export const ZContactAssignBody = z.strictObject({ assigneeId: z.nullable(ZId) });
export const ZContactReplyBody = z.strictObject({ channel: z.enum(['email', 'sms']), message: freeText(2, 1000) });

/** The service-quality staff a message may be assigned to (the caller's company's, or the holding's). */
export const ZQualityColleagues = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
