/**
 * The one role table (spec section 6, "Role names seen"): the staff role names, and which role may do what where
 * the code decides by role. The server's route policies (`auth` on a descriptor), the seed's demo users and
 * workflows, and the client's guards and menus import these rather than spell the names.
 *
 * Least privilege (decision 036): no role admits every staff member. Each kind of work has its role: the spec's
 * (technical support, reports, the dashboard, assigning requests to an installation company) and ours for the work
 * the spec leaves unnamed (handling the requests of one family of services, approving citizens' meters). A
 * service's workflow names, as data, which of the request roles move it (contract/workflow.ts).
 */
export const ROLE = {
  technicalSupport: 'TECHNICAL_SUPPORT',
  reports: 'ACCESS_REPORTS',
  financialReports: 'ACCESS_FINANCIAL_REPORTS',
  dashboard: 'ANALYTICS_DASHBOARD_USER',
  assignExternalCompany: 'EmployeeAssignExternalCompany',
  /** Handle the requests of one family of services (the seed's services-*.ts areas). */
  meterRequests: 'HANDLE_METER_REQUESTS',
  connectionRequests: 'HANDLE_CONNECTION_REQUESTS',
  contractRequests: 'HANDLE_CONTRACT_REQUESTS',
  billingRequests: 'HANDLE_BILLING_REQUESTS',
  careRequests: 'HANDLE_CARE_REQUESTS',
  /** Approve, reject or delete the meters citizens register (`/meter-approvals`). */
  meterApprovals: 'APPROVE_METERS',
  /** Ratings, quality follow-ups and contact-form messages (issue 26; the spec names no role for it). */
  serviceQuality: 'MANAGE_SERVICE_QUALITY',
  /** News, the user-guide library, alert banners, the FAQ and the home page's figures (issue 26). */
  content: 'MANAGE_CONTENT',
  /** The services themselves: on or off, activation window, visibility, labels, documents, fees, form versions. */
  catalog: 'MANAGE_SERVICES',
  /** Reads the record of every look at a citizen's personal data, and citizens' reports of a wrong look (issue 28). */
  auditor: 'AUDIT_DATA_ACCESS',
} as const;

export const ROLES = [
  ROLE.technicalSupport,
  ROLE.reports,
  ROLE.financialReports,
  ROLE.dashboard,
  ROLE.assignExternalCompany,
  ROLE.meterRequests,
  ROLE.connectionRequests,
  ROLE.contractRequests,
  ROLE.billingRequests,
  ROLE.careRequests,
  ROLE.meterApprovals,
  ROLE.serviceQuality,
  ROLE.content,
  ROLE.catalog,
  ROLE.auditor,
] as const;
export type TRole = (typeof ROLES)[number];

/**
 * A product role (spec section 6 `{product}`): staff of one product (a service's own role) see its reports.
 * Written as the spec writes it until products carry their role names.
 */
export const PRODUCT_ROLE = '{product}';

/** The roles that handle requests: a service's workflow names which of them move its requests (tickets: support). */
const REQUEST_ROLES = [
  ROLE.meterRequests,
  ROLE.connectionRequests,
  ROLE.contractRequests,
  ROLE.billingRequests,
  ROLE.careRequests,
  ROLE.technicalSupport,
] as const;

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
  /** Assign ready requests to an external (installation) company; the installation companies list. */
  assignRequests: [ROLE.assignExternalCompany],
  /**
   * A request as staff see it and what they do to it (assign, move, comment, escalate, colleagues): which requests
   * is the workflow's say (the service's roles) and the scope's (company, sector, service centers).
   */
  requestWork: REQUEST_ROLES,
  /** The inbox: those who handle requests, and the assigner (who sees there only the requests it may hand over). */
  inbox: [...REQUEST_ROLES, ROLE.assignExternalCompany],
  /** Meters waiting for approval, and the decisions on them. */
  meterApprovals: [ROLE.meterApprovals],
  /** A citizen's bills, payments and papers, read only, within the company scope (decision 060). */
  citizenFinance: [ROLE.technicalSupport, ROLE.billingRequests],
  /** Recording a refund of a paid payment: its receipt withdrawn, a credit note issued (decision 060). */
  refunds: [ROLE.billingRequests],
  /** Ratings and their follow-ups, SLA breaches per service, contact-form messages (issue 26). */
  serviceQuality: [ROLE.serviceQuality],
  /** News, guides, banners, FAQ, the home page's figures (issue 26). */
  content: [ROLE.content],
  /** Switching services on and off and editing them and their forms (issue 26). */
  catalog: [ROLE.catalog],
  /** The data-access record and citizens' reports of a wrong look (issue 28). */
  audit: [ROLE.auditor],
} as const satisfies Record<string, readonly TRole[]>;
