import { LIMITS } from './limits.ts';
import { ZDashboard } from './reports.ts';
import { defineRoute } from './route.ts';
import { ROLES_FOR } from './roles.ts';

/*
 * The statistics dashboard (issue 25, decision 057; spec section 2 "statistics dashboard"): ANALYTICS_DASHBOARD_USER,
 * figures within the caller's scope (company, sector, service centers), each tile linking to its report. The
 * collections tile only for a caller who also holds ACCESS_FINANCIAL_REPORTS (absent otherwise).
 */
export const dashboardRoutes = {
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/dashboard',
    summary:
      "The statistics dashboard's tiles (today's and this month's requests filed and decided, backlog, SLA breaches, decision time, rating, collections, readings), within the caller's scope",
    tags: ['reports'],
    rateLimit: [LIMITS.dashboard],
    auth: { roles: ROLES_FOR.dashboard },
    response: ZDashboard,
    errors: [],
  }),
} as const;
