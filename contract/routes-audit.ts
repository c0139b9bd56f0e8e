import { z } from 'zod/mini';
import {
  ZAuditLookPage,
  ZCitizenLookPage,
  ZCitizenLookQuery,
  ZDataAccessExportQuery,
  ZDataAccessQuery,
  ZLookId,
  ZLookReport,
  ZLookReportBody,
} from './data-access.ts';
import { LIMITS } from './limits.ts';
import { defineRoute } from './route.ts';
import { ROLES_FOR } from './roles.ts';

/*
 * The data-access record (issue 28 parts 4 and 5, decision 071): the auditor (AUDIT_DATA_ACCESS) reads and exports
 * every look at a citizen's data; a citizen reads the looks at their own, and reports one they find wrong, which
 * files a support ticket in their name and shows the auditor the report. No route changes or removes a look.
 */

const tags = ['audit'] as const;
const auditor = { roles: ROLES_FOR.audit } as const;
const citizen = { kinds: ['citizen'] } as const;

export const auditRoutes = {
  dataAccessList: defineRoute({
    method: 'GET',
    path: '/api/audit/data-access',
    summary: 'Every look at a citizen’s data, newest first: filtered by staff, citizen, kind, dates and reports (the auditor)',
    tags,
    auth: auditor,
    rateLimit: [LIMITS.reportRead],
    query: ZDataAccessQuery,
    response: ZAuditLookPage,
    errors: ['TOO_MANY_REQUESTS'],
  }),
  dataAccessExport: defineRoute({
    method: 'GET',
    path: '/api/audit/data-access/export',
    summary: 'The looks the filters match as CSV (UTF-8 with a BOM), newest first (the auditor); the export is itself a look',
    tags,
    auth: auditor,
    rateLimit: [LIMITS.reportExport, LIMITS.reportExportHourly],
    query: ZDataAccessExportQuery,
    response: z.unknown(),
    errors: ['TOO_MANY_REQUESTS'],
  }),
  myDataAccess: defineRoute({
    method: 'GET',
    path: '/api/data-access/mine',
    summary: 'Who looked at my data: the employee or agent, their company, when, what and why, newest first (a citizen)',
    tags,
    auth: citizen,
    query: ZCitizenLookQuery,
    response: ZCitizenLookPage,
    errors: [],
  }),
  reportLook: defineRoute({
    method: 'POST',
    path: '/api/data-access/mine/:id/report',
    summary:
      'Report a look at my data I find wrong: files a support ticket for the auditor (once per look; a repeat answers the same ticket)',
    tags,
    auth: citizen,
    rateLimit: [LIMITS.lookReport, LIMITS.requestSubmitHourly],
    params: z.object({ id: ZLookId }),
    body: ZLookReportBody,
    response: ZLookReport,
    status: 201,
    errors: ['MODEL_NOT_FOUND', 'TOO_MANY_REQUESTS'],
  }),
} as const;
