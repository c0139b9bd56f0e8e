import { z } from 'zod/mini';
import { ZId } from './common.ts';
import { LIMITS } from './limits.ts';
import {
  ZContactAssignBody,
  ZContactMessageItem,
  ZContactMessages,
  ZContactMessagesQuery,
  ZContactReplyBody,
  ZFollowUp,
  ZFollowUpReplyBody,
  ZFollowUpStatusBody,
  ZFollowUps,
  ZFollowUpsQuery,
  ZQualityColleagues,
  ZQualityComments,
  ZQualityCommentsQuery,
  ZQualityQuery,
  ZQualitySummary,
} from './quality.ts';
import { defineRoute } from './route.ts';
import { ROLES_FOR } from './roles.ts';

/*
 * Service quality management (issue 26 part 1, decision 066): MANAGE_SERVICE_QUALITY only. Ratings, breaches,
 * comments and follow-ups are those of requests in the caller's scope (company, sector, service centers; another's
 * is 404); contact messages naming a request follow that request's place, the others are the holding's.
 */

const tags = ['service quality'] as const;
const auth = { roles: ROLES_FOR.serviceQuality } as const;
const one = z.object({ id: ZId });

export const qualityRoutes = {
  qualityRatings: defineRoute({
    method: 'GET',
    path: '/api/quality/ratings',
    summary:
      'Ratings in a period per service, company, sector or month (count, average, distribution), within the caller\u2019s scope',
    tags,
    auth,
    query: ZQualityQuery,
    response: ZQualitySummary,
    errors: ['INVALID_FILTER', 'DATE_RANGE_EXCEEDS_LIMIT', 'FORBIDDEN'],
  }),
  qualityBreaches: defineRoute({
    method: 'GET',
    path: '/api/quality/breaches',
    summary: 'Open requests filed in a period past their stage\u2019s days, per service or stage, within the caller\u2019s scope',
    tags,
    auth,
    query: ZQualityQuery,
    response: ZQualitySummary,
    errors: ['INVALID_FILTER', 'DATE_RANGE_EXCEEDS_LIMIT', 'FORBIDDEN'],
  }),
  qualityComments: defineRoute({
    method: 'GET',
    path: '/api/quality/comments',
    summary: 'The citizens\u2019 ratings with their comments, newest first, searchable by words of the comment or the number',
    tags,
    auth,
    query: ZQualityCommentsQuery,
    response: ZQualityComments,
    errors: [],
  }),
  qualityFollowUps: defineRoute({
    method: 'GET',
    path: '/api/quality/follow-ups',
    summary: 'Quality follow-ups (low ratings, ratings with a comment), oldest due first, with their time limit',
    tags,
    auth,
    query: ZFollowUpsQuery,
    response: ZFollowUps,
    errors: [],
  }),
  qualityFollowUpReply: defineRoute({
    method: 'POST',
    path: '/api/quality/follow-ups/:id/reply',
    summary: 'Reply to the citizen (in the app, e-mail, SMS, push through the outbox); the follow-up becomes contacted',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth,
    params: one,
    body: ZFollowUpReplyBody,
    response: ZFollowUp,
    errors: ['MODEL_NOT_FOUND', 'FOLLOW_UP_CLOSED'],
  }),
  qualityFollowUpStatus: defineRoute({
    method: 'POST',
    path: '/api/quality/follow-ups/:id/status',
    summary: 'Move a follow-up along open \u2192 contacted \u2192 resolved (a resolved one is final)',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth,
    params: one,
    body: ZFollowUpStatusBody,
    response: ZFollowUp,
    errors: ['MODEL_NOT_FOUND', 'FOLLOW_UP_CLOSED'],
  }),
  contactMessages: defineRoute({
    method: 'GET',
    path: '/api/quality/contact-messages',
    summary: 'Contact-form messages (complaints, inquiries, suggestions) to triage, oldest due first',
    tags,
    auth,
    query: ZContactMessagesQuery,
    response: ZContactMessages,
    errors: [],
  }),
  contactAssign: defineRoute({
    method: 'POST',
    path: '/api/quality/contact-messages/:id/assign',
    summary: 'Assign a contact message to a service-quality colleague (or oneself), or unassign it (null)',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth,
    params: one,
    body: ZContactAssignBody,
    response: ZContactMessageItem,
    errors: ['MODEL_NOT_FOUND', 'INVALID_ASSIGNEE', 'CONTACT_MESSAGE_CLOSED'],
  }),
  contactReply: defineRoute({
    method: 'POST',
    path: '/api/quality/contact-messages/:id/reply',
    summary: 'Answer a contact message by e-mail or SMS (through the outbox); it becomes answered',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth,
    params: one,
    body: ZContactReplyBody,
    response: ZContactMessageItem,
    errors: ['MODEL_NOT_FOUND', 'CONTACT_MESSAGE_CLOSED', 'INVALID_INPUT'],
  }),
  contactClose: defineRoute({
    method: 'POST',
    path: '/api/quality/contact-messages/:id/close',
    summary: 'Close a contact message (answered, or needing no answer)',
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth,
    params: one,
    response: ZContactMessageItem,
    errors: ['MODEL_NOT_FOUND', 'CONTACT_MESSAGE_CLOSED'],
  }),
  qualityColleagues: defineRoute({
    method: 'GET',
    path: '/api/quality/colleagues',
    summary: 'The service-quality staff a contact message may be assigned to',
    tags,
    auth,
    response: ZQualityColleagues,
    errors: [],
  }),
} as const;
