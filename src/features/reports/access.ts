import type { TReportId } from '../../../contract/reports.ts';
import { FINANCIAL_REPORTS, OPERATIONAL_REPORTS } from './report-search.ts';
import { PRODUCT_ROLE, ROLE } from '../../../contract/roles.ts';

/** Who may open reports at all: the reports roles, or a product's role (its own service's reports). */
export const REPORT_ROLES = [ROLE.reports, ROLE.financialReports, PRODUCT_ROLE] as const;

/**
 * The reports a member of staff's roles open (spec section 6): the operational ones with ACCESS_REPORTS or a
 * product's role (the server narrows a product role to its service), the financial ones with
 * ACCESS_FINANCIAL_REPORTS only. The server decides again on every call.
 */
export function reportsFor(roles: readonly string[]): TReportId[] {
  const operational = roles.includes(ROLE.reports) || roles.includes(PRODUCT_ROLE);
  const financial = roles.includes(ROLE.financialReports);
  return [...(operational ? OPERATIONAL_REPORTS : []), ...(financial ? FINANCIAL_REPORTS : [])];
}
