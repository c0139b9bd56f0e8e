import type { StaffMember } from '../staff/scope.ts';

/** Whose numbers a report may count: the caller's place (server/domain/staff/scope.ts), and one service if a product role. */
export type ReportScope = Pick<StaffMember, 'companyId' | 'sectorId' | 'serviceCenterIds'> & { serviceSlug?: string };
