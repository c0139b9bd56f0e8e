import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TReportId, TReportDimension } from '../../../contract/reports.ts';
import type { AGE_GROUPS, DASHBOARD_TILES, REPORT_CHANNELS } from './report-search.ts';

/*
 * What the report screens call things, from the catalogs (never a label the server sends: contract/reports.ts).
 * A column is named by its key; a key this list does not know yet is shown as the key itself, so that a column the
 * server adds is visible (and this list is where its name goes, in both catalogs).
 */

export const REPORT_NAMES: Record<TReportId, { name: MessageDescriptor; description: MessageDescriptor }> = {
  requests: {
    name: msg`Requests`,
    description: msg`Requests filed, decided and still open, by service, status, stage, company, sector or service center.`,
  },
  'decision-time': {
    name: msg`Time to decision`,
    description: msg`How long requests wait for a decision: the median and the 90th percentile, in days.`,
  },
  'sla-breaches': {
    name: msg`Time limit breaches`,
    description: msg`Requests past their time limit, with the days overdue, per stage.`,
  },
  channels: {
    name: msg`Filed on behalf`,
    description: msg`Requests filed by the citizen, by an employee or by an agent on the citizen's behalf.`,
  },
  ratings: { name: msg`Ratings`, description: msg`How citizens rate each service: the number of ratings and their average.` },
  readings: { name: msg`Meter readings`, description: msg`Readings received on time, late and sent offline, per company.` },
  meters: { name: msg`Meters`, description: msg`Citizens' meters by approval state, per company.` },
  collections: {
    name: msg`Collections`,
    description: msg`Payments collected per day, gateway, service or company.`,
  },
  'fees-refunds': { name: msg`Fees and refunds`, description: msg`Portal fees, gateway fees and refunds, per gateway.` },
  'bills-ageing': {
    name: msg`Outstanding bills by age`,
    description: msg`Unpaid bills by days past due: 0–30, 31–60, 61–90 and over 90 days, per company.`,
  },
  reconciliation: {
    name: msg`Reconciliation`,
    description: msg`Payments the gateway reports and the portal does not, the reverse, and amounts that differ.`,
  },
};

export const DIMENSION_NAMES: Record<TReportDimension, MessageDescriptor> = {
  service: msg`Service`,
  status: msg`Status`,
  stage: msg`Stage`,
  company: msg`Company`,
  sector: msg`Sector`,
  serviceCenter: msg`Service center`,
  day: msg`Day`,
  month: msg`Month`,
  gateway: msg`Gateway`,
};

/** Column names by key (the dimensions' keys are the dimensions'). */
export const COLUMN_NAMES: Record<string, MessageDescriptor> = {
  ...DIMENSION_NAMES,
  // Requests, decisions and time limits.
  filed: msg`Filed`,
  decided: msg`Decided`,
  open: msg`Open`,
  medianDays: msg`Median (days)`,
  p90Days: msg`90th percentile (days)`,
  averageDays: msg`Average (days)`,
  breached: msg`Past the time limit`,
  breachedShare: msg`Share past the time limit`,
  averageDaysOverdue: msg`Average days overdue`,
  maxDaysOverdue: msg`Most days overdue`,
  // Channels.
  citizen: msg`By the citizen`,
  employee: msg`By an employee`,
  agent: msg`By an agent`,
  // Ratings.
  ratings: msg`Ratings`,
  averageRating: msg`Average rating`,
  easy: msg`Easy`,
  someDifficulty: msg`Some difficulty`,
  couldNotComplete: msg`Could not complete`,
  // Readings and meters.
  readings: msg`Readings`,
  onTime: msg`On time`,
  late: msg`Late`,
  offline: msg`Sent offline`,
  offlineShare: msg`Share sent offline`,
  meters: msg`Meters`,
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  removed: msg`Removed`,
  // Money.
  payments: msg`Payments`,
  amount: msg`Amount`,
  billsAmount: msg`Bills amount`,
  serviceFees: msg`Portal fees`,
  gatewayFees: msg`Gateway fees`,
  fees: msg`Fees`,
  refunds: msg`Refunds`,
  refundedAmount: msg`Amount refunded`,
  bills: msg`Bills`,
  notDue: msg`Not yet due`,
  days0to30: msg`0–30 days`,
  days31to60: msg`31–60 days`,
  days61to90: msg`61–90 days`,
  days90plus: msg`Over 90 days`,
  // Reconciliation.
  date: msg`Date`,
  kind: msg`Difference`,
  transactionId: msg`Transaction`,
  merchantReference: msg`Merchant reference`,
  paymentStatus: msg`Payment status`,
  portalAmount: msg`Portal amount`,
  gatewayAmount: msg`Gateway amount`,
  difference: msg`Difference in amount`,
};

export const AGE_GROUP_NAMES: Record<(typeof AGE_GROUPS)[number], MessageDescriptor> = {
  all: msg`All ages`,
  under60: msg`Under 60`,
  '60plus': msg`60 or older`,
};

export const CHANNEL_NAMES: Record<(typeof REPORT_CHANNELS)[number], MessageDescriptor> = {
  citizen: msg`The citizen`,
  employee: msg`An employee on the citizen's behalf`,
  agent: msg`An agent on the citizen's behalf`,
};

export const TILE_NAMES: Record<(typeof DASHBOARD_TILES)[number], MessageDescriptor> = {
  'filed-today': msg`Filed today`,
  'filed-month': msg`Filed this month`,
  'decided-today': msg`Decided today`,
  'decided-month': msg`Decided this month`,
  backlog: msg`Open requests`,
  'sla-breaches': msg`Past their time limit`,
  'decision-time': msg`Median time to decision (days)`,
  rating: msg`Average rating`,
  'collections-month': msg`Collected this month`,
  'readings-month': msg`Readings this month`,
};

/** The dashboard's breakdown parts the server sends without a name (the readings tile's). */
export const PART_NAMES: Record<string, MessageDescriptor> = {
  offline: msg`Sent offline`,
  late: msg`Late`,
  offlineShare: msg`Share sent offline`,
};
/** Parts whose number is a percent, whatever their tile's kind. */
export const PERCENT_PARTS: ReadonlySet<string> = new Set(['offlineShare']);
