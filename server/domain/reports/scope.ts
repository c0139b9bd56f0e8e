import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../app-error.ts';
import { scopeCondition, type StaffMember } from '../staff/scope.ts';
import type { ReportFilters } from './filters.ts';

/*
 * Whose numbers a report counts (issue 25, decision 056): the caller's place, by the staff workspace's own rule
 * (server/domain/staff/scope.ts `scopeCondition`: a holding employee everything, a company's employee their
 * company, narrowed to their sector and service centers), and, for a product role, its one service. Every report
 * query ANDs this condition into its WHERE clause before grouping, so totals never include another company's rows.
 * The company, sector and service-center filters only narrow further; a company filter naming another company than
 * the caller's is refused (FORBIDDEN), never answered with zeros that would tell it exists.
 */
export type ReportScope = Pick<StaffMember, 'companyId' | 'sectorId' | 'serviceCenterIds'> & {
  /** A product role's service (`GET /api/requests/:serviceSlug/reports`): only its requests. */
  serviceSlug?: string;
};

type Placed = { companyId: PgColumn; sectorId: PgColumn; serviceCenterId: PgColumn };

/**
 * Refuses a filter outside the caller's scope (another company, another service for a product role): asked by the
 * route before anything is read or an export's first byte is sent, and again by the conditions below.
 */
export function assertWithinScope(scope: ReportScope, f: Pick<ReportFilters, 'companyId' | 'service'>): void {
  if (f.companyId !== undefined && scope.companyId !== null && f.companyId !== scope.companyId)
    throw new AppError('FORBIDDEN', 'That company is outside your scope');
  if (scope.serviceSlug !== undefined && f.service !== undefined && f.service !== scope.serviceSlug)
    throw new AppError('FORBIDDEN', 'That service is outside your scope');
}

/** The caller's scope and the place filters, as one condition on a table with the three place columns. */
export function placeCondition(scope: ReportScope, f: ReportFilters, t: Placed): SQL | undefined {
  assertWithinScope(scope, f);
  return and(
    scopeCondition(scope, t),
    f.companyId !== undefined ? eq(t.companyId, f.companyId) : undefined,
    f.sectorId !== undefined ? eq(t.sectorId, f.sectorId) : undefined,
    f.serviceCenterId !== undefined ? eq(t.serviceCenterId, f.serviceCenterId) : undefined,
  );
}

/** The service: the product role's, and the filter's (which, for a product role, must be the same). */
export function serviceCondition(scope: ReportScope, f: ReportFilters, serviceSlug: PgColumn): SQL | undefined {
  assertWithinScope(scope, f);
  const slugs = [scope.serviceSlug, f.service].filter((s): s is string => s !== undefined);
  return slugs.length > 0 ? inArray(serviceSlug, slugs) : undefined;
}

/**
 * The applicant's birth date from the Egyptian national id (contract/identity.ts: digit 1 the century, 2 = 1900s
 * and 3 = 2000s, digits 2-7 YYMMDD) as `YYYYMMDD` text, compared as text with the cut-off day so that an id whose
 * date does not exist cannot fail the query; ids of another shape have no age (counted in "all" only).
 */
export function ageGroupCondition(ageGroup: ReportFilters['ageGroup'], nationalId: PgColumn, at: PgColumn): SQL | undefined {
  if (ageGroup === undefined || ageGroup === 'all') return undefined;
  return sql`${ageGroupExpression(nationalId, at)} = ${ageGroup}`;
}

/** The applicant's age group at `at` as a value: '60plus', 'under60', or null (no birth date in the id). */
export function ageGroupExpression(nationalId: SQLWrapper, at: SQLWrapper): SQL {
  const birth = sql`((case substr(${nationalId}, 1, 1) when '2' then '19' else '20' end) || substr(${nationalId}, 2, 6))`;
  const cutoff = sql`to_char((${at} at time zone 'Africa/Cairo') - interval '60 years', 'YYYYMMDD')`;
  return sql`(case when ${nationalId} ~ '^[23][0-9]{13}$' then (case when ${birth} <= ${cutoff} then '60plus' else 'under60' end) end)`;
}

/**
 * Who filed a request: the citizen (no filer), an employee (a filer whose user type is of the employee kind) or an
 * agent (agents and their employees, decision 055).
 */
export function channelExpression(filedById: SQLWrapper): SQL {
  // An uncorrelated IN: PostgreSQL hashes the employees once (a correlated EXISTS was costed per row, which turned a
  // month's range into a sequential scan compiled by JIT: 5.5 s against 0.7 s at 1,000,000 requests).
  return sql`(case when ${filedById} is null then 'citizen' when ${filedById} in (select fu.id from users fu join user_types ft on ft.user_slug = fu.user_slug where ft.kind = 'employee') then 'employee' else 'agent' end)`;
}

export function channelCondition(channel: ReportFilters['channel'], filedById: PgColumn): SQL | undefined {
  if (channel === undefined) return undefined;
  return sql`${channelExpression(filedById)} = ${channel}`;
}
