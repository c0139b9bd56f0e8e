/**
 * The one role table (spec section 6, "Role names seen"): the staff role names, and which role may do what where
 * the code decides by role. The server's route policies (`auth` on a descriptor), the seed's demo users and the
 * client's guards and menus import these rather than spell the names.
 */
export const ROLE = {
  technicalSupport: 'TECHNICAL_SUPPORT',
  reports: 'ACCESS_REPORTS',
  financialReports: 'ACCESS_FINANCIAL_REPORTS',
  dashboard: 'ANALYTICS_DASHBOARD_USER',
  assignExternalCompany: 'EmployeeAssignExternalCompany',
} as const;

export const ROLES = [
  ROLE.technicalSupport,
  ROLE.reports,
  ROLE.financialReports,
  ROLE.dashboard,
  ROLE.assignExternalCompany,
] as const;
export type TRole = (typeof ROLES)[number];

/**
 * A product role (spec section 6 `{product}`): staff of one product (a service's own role) see its reports.
 * Written as the spec writes it until products carry their role names.
 */
export const PRODUCT_ROLE = '{product}';

/** Who may do what, by role: any one of the listed roles admits (staff only). */
export const ROLES_FOR = {
  /** Look citizens up and apply on their behalf (agents may too, by kind). */
  citizenSearch: [ROLE.technicalSupport],
  /** The technical-support tickets list. */
  tickets: [ROLE.technicalSupport],
  /** Reports and financial reports (and product reports, `PRODUCT_ROLE`). */
  reports: [ROLE.reports, ROLE.financialReports],
  /** The analytics dashboard. */
  dashboard: [ROLE.dashboard],
  /** Assign ready requests to an external (installation) company. */
  assignRequests: [ROLE.assignExternalCompany],
} as const satisfies Record<string, readonly TRole[]>;
