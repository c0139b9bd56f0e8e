import type { RateLimitRule } from './route.ts';

/*
 * Every route's budget (decision 037), in one table: the descriptors name these rules in their `rateLimit`, as
 * they name their `auth` and `csrf`, and `registerRoute` applies them (server/plugins/rate-limit.ts). A write
 * route (POST, PUT, PATCH, DELETE) without one fails the fuzz test. The routes given one rule count together
 * (the reset codes, the second-factor steps, the citizen lookups). The numbers are per window; the server
 * multiplies them by RATE_LIMIT_FACTOR (1 in production; the browser tests, which send everything from one
 * address, raise it).
 *
 * `perAddress` counts every request of a client address; `perCaller` the signed-in account's requests, or a
 * visitor's holding an owner token (`Request-Owner-Token`), wherever they come from. A mobile network puts many
 * people behind one address: the address budgets are for floods, the caller budgets for one person.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const rule = (name: string, windowMs: number, perAddress: number, perCaller?: number): RateLimitRule =>
  perCaller === undefined ? { name, windowMs, perAddress } : { name, windowMs, perAddress, perCaller };

export const LIMITS = {
  /* -- public forms and reports (per address, as since issue 2) -- */
  newsletterSubscribe: rule('newsletterSubscribe', MINUTE, 10),
  contactMessage: rule('contactMessage', MINUTE, 5),
  clientErrorReport: rule('clientErrorReport', MINUTE, 60),
  pageTime: rule('pageTime', MINUTE, 120),
  /** Noor (decision 068): a person types a question every few seconds at most; an account's answers read its data. */
  askChat: rule('askChat', MINUTE, 60, 20),
  askChatHourly: rule('askChatHourly', HOUR, 600, 200),

  /* -- identity (on top of the growing delays per account, throttle.ts) -- */
  signup: rule('signup', MINUTE, 5),
  login: rule('login', MINUTE, 30),
  logout: rule('logout', MINUTE, 60),
  /** Sending and checking codes and links (mobile, e-mail, reset), counted together. */
  codes: rule('codes', MINUTE, 10),
  forgetPassword: rule('forgetPassword', MINUTE, 10),
  changePassword: rule('changePassword', MINUTE, 10),
  /** The second-factor sign-in step and confirming an authenticator app. */
  secondFactor: rule('secondFactor', MINUTE, 10),
  /** Enrolling and removing second factors, editing the profile. */
  accountChange: rule('accountChange', MINUTE, 30, 20),
  heartbeat: rule('heartbeat', MINUTE, 240, 60),
  externalSignInStart: rule('externalSignInStart', MINUTE, 30),
  externalSignIn: rule('externalSignIn', MINUTE, 30),

  /* -- looking citizens up: a hit answers a name and a national id (agents, technical support) -- */
  citizenLookup: rule('citizenLookup', MINUTE, 60, 20),
  citizenLookupHourly: rule('citizenLookupHourly', HOUR, 600, 200),
  agentSession: rule('agentSession', MINUTE, 60, 30),
  /** An agent registering a citizen: each start sends an SMS (also bounded per mobile, a minute apart, 5 an hour). */
  agentRegistration: rule('agentRegistration', MINUTE, 20, 10),
  agentRegistrationHourly: rule('agentRegistrationHourly', HOUR, 200, 60),

  /* -- requests: every anonymous submission lands in a staff inbox -- */
  requestSubmit: rule('requestSubmit', MINUTE, 10, 10),
  requestSubmitHourly: rule('requestSubmitHourly', HOUR, 60, 40),
  requestWrite: rule('requestWrite', MINUTE, 60, 30),
  fieldHandler: rule('fieldHandler', MINUTE, 120, 60),
  draftSave: rule('draftSave', MINUTE, 60, 30),
  draftDelete: rule('draftDelete', MINUTE, 60, 60),
  /** Uploads (5 MiB each at most): a visitor's are removed a day later when no request claimed them. */
  upload: rule('upload', MINUTE, 20, 15),
  uploadHourly: rule('uploadHourly', HOUR, 120, 60),
  /** A printed document: drawn once and kept (decision 037), then served from storage. */
  documentPdf: rule('documentPdf', MINUTE, 60, 30),
  tasks: rule('tasks', MINUTE, 60, 30),
  notificationsMark: rule('notificationsMark', MINUTE, 120, 60),
  /** Web Push subscriptions (decision 051): a device subscribes once, again after a sign-in or a new key. */
  pushSubscription: rule('pushSubscription', MINUTE, 30, 10),

  /* -- staff -- */
  staffWrite: rule('staffWrite', MINUTE, 240, 120),
  /** A citizen reporting a look at their data (decision 071): it files a ticket. */
  lookReport: rule('lookReport', MINUTE, 10, 5),
  /** The statistics dashboard: a dozen aggregates a read (issue 25); an open tab refreshes it every minute or so. */
  dashboard: rule('dashboard', MINUTE, 120, 30),

  /* -- reports (issue 25): each read is one grouped statement; an export streams a whole report -- */
  reportRead: rule('reportRead', MINUTE, 120, 60),
  reportExport: rule('reportExport', MINUTE, 10, 5),
  reportExportHourly: rule('reportExportHourly', HOUR, 60, 30),

  /* -- payments -- */
  paymentStart: rule('paymentStart', MINUTE, 20, 10),
  /**
   * Gateways' servers post from few addresses: a ceiling against floods, far above a real gateway's rate (a month's
   * first days at 100 callbacks a second). A refused signature costs a verification and a count (decision 039).
   */
  gatewayCallback: rule('gatewayCallback', MINUTE, 6000),
  sandboxPay: rule('sandboxPay', MINUTE, 30),

  /* -- meters and readings -- */
  meterWrite: rule('meterWrite', MINUTE, 30, 10),
  reading: rule('reading', MINUTE, 60, 20),
} as const satisfies Record<string, RateLimitRule>;

/**
 * Per-account quotas: counts that a use case checks against what the account already has (QUOTA_EXCEEDED), and
 * sizes (PAYLOAD_TOO_LARGE). Counts are multiplied by RATE_LIMIT_FACTOR like the rate limits; sizes are not.
 */
export const QUOTAS = {
  /** Meters waiting for a staff decision, per account (a registration is a claim on a number until decided). */
  pendingMeters: 3,
  /** Drafts kept on the server, per account. */
  drafts: 20,
  /** A draft's data as JSON text, in bytes. */
  draftBytes: 256 * 1024,
} as const;
