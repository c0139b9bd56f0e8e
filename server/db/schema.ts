import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TLang } from '../../contract/basics.ts';
import type {
  SeedAppData,
  SeedCategory,
  SeedCompany,
  SeedFaqEntry,
  SeedGovernorate,
  SeedNewsItem,
  SeedSector,
  SeedService,
  SeedServiceCenter,
} from '../seed/types.ts';

/*
 * Services are data (product brief): the whole definition lives in `data` (validated by contract/catalog.ts
 * on every write); the columns beside it are what queries filter and sort on.
 */

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
  data: jsonb('data').$type<SeedCategory>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    serviceSlug: text('service_slug').notNull().unique(),
    sortOrder: integer('sort_order').notNull(),
    deactivated: boolean('deactivated').notNull().default(false),
    // json, not jsonb: a service's field schemas are ordered records, and jsonb does not keep key order.
    data: json('data').$type<SeedService>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('services_sort_idx').on(t.sortOrder)],
);

/**
 * Every version of a service's definition once it has been edited (issue 26, decision 069): the version before an
 * edit and the one it makes. A request names the version it was filed with (`requests.service_version`) and is
 * shown and completed with that version's forms. Rows are never changed.
 */
export const serviceVersions = pgTable(
  'service_versions',
  {
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    version: integer('version').notNull(),
    // json, like services.data: field schemas are ordered records.
    data: json('data').$type<SeedService>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.version] })],
);

/** Who changed a service, what and when (issue 26): one row per saved version. */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    version: integer('version').notNull(),
    kind: text('kind').$type<'settings' | 'form'>().notNull(),
    fields: text('fields').array().notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalog_changes_service_idx').on(t.serviceId, t.at)],
);

export const governorates = pgTable('governorates', {
  id: text('id').primaryKey(),
  data: jsonb('data').$type<SeedGovernorate>().notNull(),
});

export const distributionCompanies = pgTable('distribution_companies', {
  id: text('id').primaryKey(),
  data: jsonb('data').$type<SeedCompany>().notNull(),
});

export const sectors = pgTable('sectors', {
  id: text('id').primaryKey(),
  companyId: text('company_id')
    .notNull()
    .references(() => distributionCompanies.id),
  data: jsonb('data').$type<SeedSector>().notNull(),
});

export const serviceCenters = pgTable(
  'service_centers',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => distributionCompanies.id),
    governorateId: text('governorate_id')
      .notNull()
      .references(() => governorates.id),
    data: jsonb('data').$type<SeedServiceCenter>().notNull(),
  },
  (t) => [index('service_centers_gov_idx').on(t.governorateId), index('service_centers_company_idx').on(t.companyId)],
);

/**
 * News (issue 26): `data` holds both languages' title and body (the body sanitised HTML) and the picture. Public
 * reads show `published` items whose `published_at` has come (a later one is scheduled); a draft has no date yet,
 * a withdrawn item keeps its date but is shown to no one.
 */
export const news = pgTable(
  'news',
  {
    id: text('id').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    status: text('status').$type<'draft' | 'published' | 'withdrawn'>().notNull().default('published'),
    data: jsonb('data').$type<SeedNewsItem>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

export const faqs = pgTable('faqs', {
  id: text('id').primaryKey(),
  groupKey: text('group_key').notNull(),
  sortOrder: integer('sort_order').notNull(),
  data: jsonb('data').$type<SeedFaqEntry>().notNull(),
});

/** Application data (spec "Application data"); one row per key, `default` is the portal's. */
export const appData = pgTable('app_data', {
  key: text('key').primaryKey(),
  data: jsonb('data').$type<SeedAppData>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ------------------------------------ public forms and reports (no sign-in) ------------------------------------ */

/** Newsletter form (spec section 3). The e-mail is stored trimmed and lower-cased; the unique index decides "already subscribed". */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_uq').on(t.email),
    check('newsletter_subscribers_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/** Numbers the reference of contact messages: `CM-<year>-<number>`. */
export const contactMessageNumberSeq = pgSequence('contact_message_number_seq', { startWith: 1, increment: 1 });

/** Contact message (spec section 3): a complaint or an inquiry, answered by e-mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referenceNumber: text('reference_number').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    messageType: text('message_type').$type<'complaint' | 'inquiry' | 'suggestion'>().notNull(),
    serviceSlug: text('service_slug'),
    requestId: text('request_id'),
    /** The sender's mobile, when given: the quality staff may answer by SMS (issue 26). */
    mobile: text('mobile'),
    message: text('message').notNull(),
    lang: text('lang'),
    /** Triage by the service-quality staff (issue 26, decision 066): open, answered (a reply sent), closed. */
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    replyChannel: text('reply_channel').$type<'email' | 'sms'>(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_messages_reference_uq').on(t.referenceNumber),
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_status_idx').on(t.status, t.createdAt),
    check('contact_messages_type_check', sql`${t.messageType} in ('complaint', 'inquiry', 'suggestion')`),
    check('contact_messages_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** Render crashes reported by the web app's error boundary (spec section 4), with page link and user identity. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    message: text('message').notNull(),
    stack: text('stack'),
    pageUrl: text('page_url').notNull(),
    userId: text('user_id'),
    userSlug: text('user_slug'),
    lang: text('lang'),
    userAgent: text('user_agent'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_received_idx').on(t.receivedAt)],
);

/** Time on page, reported on page leave (spec section 4), in seconds. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pageUrl: text('page_url').notNull(),
    seconds: integer('seconds').notNull(),
    userId: text('user_id'),
    lang: text('lang'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);

/* --------------------------------------------- identity ------------------------------------------------------ */

/** User types (spec "Dynamic user model"): citizen, the employee slugs, agent, agent employee. */
export const userTypes = pgTable('user_types', {
  userSlug: text('user_slug').primaryKey(),
  kind: text('kind').$type<'citizen' | 'employee' | 'agent' | 'agent_employee'>().notNull(),
  registration: boolean('registration').notNull().default(false),
  // json keeps the field order of the registration schema (jsonb sorts keys).
  data: json('data').$type<{ label: { ar: string; en: string }; schema: Record<string, unknown> }>().notNull(),
});

/** Account numbers shown to users (`ID`). */
export const userNumberSeq = pgSequence('user_number_seq', { startWith: 100001, increment: 1 });

/**
 * Accounts. E-mail, mobile and national id are stored normalised (lower case, Latin digits); the unique indexes
 * decide "already exists". The password hash is `scrypt$N$r$p$salt$hash` (server/domain/identity/passwords.ts).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    number: bigint('number', { mode: 'number' }).notNull(),
    userSlug: text('user_slug')
      .notNull()
      .references(() => userTypes.userSlug),
    username: text('username').notNull(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    mobile: text('mobile'),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    nationalId: text('national_id'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profile: jsonb('profile').$type<Record<string, string>>().notNull().default({}),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    company: text('company'),
    serviceCenters: jsonb('service_centers').$type<string[]>().notNull().default([]),
    favoriteServices: jsonb('favorite_services').$type<string[]>().notNull().default([]),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_number_uq').on(t.number),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_mobile_uq').on(t.mobile),
    uniqueIndex('users_national_id_uq').on(t.nationalId),
    // Staff find a citizen by landline (issue 24; citizens.ts) and a company account by its commercial registration.
    index('users_landline_idx').on(sql`(${t.profile}->>'landline')`),
    uniqueIndex('users_commercial_registration_uq').on(sql`(${t.profile}->>'commercialRegistration')`),
  ],
);

/** WebAuthn credentials (passkeys and security keys). */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webauthn_credentials_user_idx').on(t.userId)],
);

/** External sign-in links: one (issuer, subject) per account. */
export const externalIdentities = pgTable(
  'external_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_identities_uq').on(t.issuer, t.subject)],
);

/**
 * Server-side sessions. The cookie holds a random 256-bit token; only its SHA-256 is stored. `kind` is `user` (the
 * portal's cookie) or `agent` (the agent's own cookie). `actingFor` is the citizen an agent acts for.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'user' | 'agent'>().notNull(),
    csrfToken: text('csrf_token').notNull(),
    device: text('device').notNull(),
    actingFor: text('acting_for').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time codes and tokens: mobile verification and password-reset codes (6 digits, hashed, 5 tries), e-mail
 * verification and reset links, second-factor steps and external sign-in state. `secretHash` is the SHA-256 of
 * the code or token; `lookup` is the SHA-256 of the public handle the client holds (reset id, verification
 * token), so that a code is looked up by handle and then compared.
 */
export const oneTimeSecrets = pgTable(
  'one_time_secrets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose')
      .$type<
        | 'mobile-verify'
        | 'reset-code'
        | 'reset-token'
        | 'email-verify'
        | 'mfa'
        | 'oidc-state'
        | 'webauthn-challenge'
        // A browser that signed in before (devices.ts): its own budget of password guesses.
        | 'device'
        // An agent's registration of a citizen waiting for the citizen's code (agent-registration.ts).
        | 'agent-registration'
      >()
      .notNull(),
    lookup: text('lookup').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_secrets_lookup_uq').on(t.purpose, t.lookup),
    index('one_time_secrets_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Attempt counters for growing delays (login, codes, resets), per account and per IP: `key` is e.g.
 * `login:user:<id>` or `login:ip:<ip>`. `blockedUntil` grows with consecutive failures.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Per-address rate limits shared by every server process on PostgreSQL (server/plugins/rate-limit.ts): one
 * fixed-window counter per limit, client address and window, counted up in one upsert. The table is UNLOGGED
 * (set in its migration): a crash may empty it, which only forgets a minute of counts. The hourly clean-up
 * removes ended windows.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    name: text('name').notNull(),
    client: text('client').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.name, t.client, t.windowEnd] })],
);

/**
 * Scheduled jobs (server/domain/jobs): when each last ran and how many times. A process runs a job only after
 * claiming it here, in one conditional upsert, so a job due once an hour runs once an hour across processes.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  runs: integer('runs').notNull().default(1),
});

/**
 * Report summaries (issue 25 part 5, decision 065): when each was last kept. The rows dated before `checkedAt` are
 * summed per day as the base tables stood then; a day whose rows changed since (updated_at) is read live.
 */
export const reportSummaries = pgTable('report_summaries', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/**
 * Payments per Cairo day (decision 065), kept by the `report-summaries` job: `kind` 'paid' (status succeeded, dated
 * by paid_at) or 'refunded' (dated by refunded_at, decision 075), per gateway, channel, service (PAYBILLS for bills) and place (the
 * financial reports' rule, decision 057), with the count and the piastre sums the collections and fees read.
 */
export const reportPaymentDays = pgTable(
  'report_payment_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'paid' | 'refunded'>().notNull(),
    gateway: text('gateway').notNull(),
    channel: text('channel').notNull(),
    serviceSlug: text('service_slug').notNull(),
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    payments: integer('payments').notNull(),
    totalPiastres: bigint('total_piastres', { mode: 'number' }).notNull(),
    billsTotalPiastres: bigint('bills_total_piastres', { mode: 'number' }).notNull(),
    serviceFeePiastres: bigint('service_fee_piastres', { mode: 'number' }).notNull(),
    gatewayFeePiastres: bigint('gateway_fee_piastres', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_payment_days_idx').on(t.kind, t.day)],
);

/**
 * Requests per Cairo day (decision 075), kept by the `report-summaries` job beside the payments': `kind` 'filed'
 * (dated by created_at) or 'moved' (dated by status_updated_at, the day the request reached its current status),
 * per service, current status and stage, place, channel (who filed it: citizen, employee, agent) and age group at
 * filing ('60plus', 'under60', none when the national id says no birth date), with the count. Whether a status is
 * final is the catalog's, joined when a report reads (decided = moved into a final status; open = filed, not final).
 */
export const reportRequestDays = pgTable(
  'report_request_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'filed' | 'moved'>().notNull(),
    serviceSlug: text('service_slug').notNull(),
    status: text('status').notNull(),
    stageId: text('stage_id'),
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    channel: text('channel').$type<'citizen' | 'employee' | 'agent'>().notNull(),
    age: text('age').$type<'60plus' | 'under60'>(),
    requests: integer('requests').notNull(),
  },
  (t) => [index('report_request_days_idx').on(t.kind, t.day)],
);

/**
 * Decision times per Cairo day (decision 075), kept with `report_request_days` (same job, same state row): per day
 * a request reached its current status, its service, status, stage, place, channel, age group and the days from
 * filing to that status in tenths (`tenths`), with the count: a histogram from which the decision-time report and
 * the dashboard take medians and percentiles exactly as from the requests one by one.
 */
export const reportDecisionDays = pgTable(
  'report_decision_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    serviceSlug: text('service_slug').notNull(),
    status: text('status').notNull(),
    stageId: text('stage_id'),
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    channel: text('channel').$type<'citizen' | 'employee' | 'agent'>().notNull(),
    age: text('age').$type<'60plus' | 'under60'>(),
    tenths: integer('tenths').notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [index('report_decision_days_idx').on(t.day)],
);

/**
 * The reconciliation's discrepancies (decision 075), kept by the `report-summaries` job: each row the
 * reconciliation report lists (financial.ts `discrepancies`), with the Cairo day of its instant (`at`: the callback's
 * arrival for a success the portal does not hold, the payment for the others).
 */
export const reportReconciliationRows = pgTable(
  'report_reconciliation_rows',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    gateway: text('gateway').notNull(),
    channel: text('channel').notNull(),
    transactionId: text('transaction_id'),
    merchantReference: text('merchant_reference'),
    paymentStatus: text('payment_status'),
    paymentId: text('payment_id'),
    portalAmount: bigint('portal_amount', { mode: 'number' }),
    gatewayAmount: bigint('gateway_amount', { mode: 'number' }),
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    rowId: text('row_id').notNull(),
  },
  (t) => [index('report_reconciliation_rows_idx').on(t.day)],
);

/**
 * Ratings per Cairo day they were given (decision 075), kept by the `report-summaries` job: per answer and the
 * rated request's service, current status, place, channel and age group at filing, with the count.
 */
export const reportRatingDays = pgTable(
  'report_rating_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    answer: integer('answer').notNull(),
    serviceSlug: text('service_slug').notNull(),
    status: text('status').notNull(),
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    channel: text('channel').$type<'citizen' | 'employee' | 'agent'>().notNull(),
    age: text('age').$type<'60plus' | 'under60'>(),
    ratings: integer('ratings').notNull(),
  },
  (t) => [index('report_rating_days_idx').on(t.day)],
);

/**
 * Meter readings per Cairo day they were received (decision 075), kept by the `report-summaries` job: per the
 * meter's place, whether it came late (after the month it is for ended) and whether it was sent offline (read on
 * the device over an hour before it arrived), with the count.
 */
export const reportReadingDays = pgTable(
  'report_reading_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    late: boolean('late').notNull(),
    offline: boolean('offline').notNull(),
    readings: integer('readings').notNull(),
  },
  (t) => [index('report_reading_days_idx').on(t.day)],
);

/**
 * The transactional outbox: every e-mail and SMS is a row written in the same transaction as the change that
 * causes it, delivered by the worker (server/domain/outbox) with retries. `dedupeKey` makes a repeat a no-op.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `push`: the recipient is a `push_subscriptions` id, the body the push's JSON payload (decision 051). */
    channel: text('channel').$type<'email' | 'sms' | 'push'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    dedupeKey: text('dedupe_key'),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_messages_dedupe_uq').on(t.dedupeKey),
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** In-app notifications (spec "Notification"): welcome, forgot password, request submitted, status changed. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type')
      .$type<
        | 'welcome'
        | 'forgot-password'
        | 'password-changed'
        | 'request-submitted'
        | 'status-changed'
        | 'meter-decided'
        | 'payment-succeeded'
        | 'payment-failed'
        | 'bills-paid'
        | 'staff-comment'
        | 'citizen-replied'
        | 'payment-code'
        | 'fee-set'
        | 'payment-refunded'
        | 'quality-reply'
      >()
      .notNull(),
    /** What the client writes the text from: request id and number, service, status and their labels, a name. */
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    isSeen: boolean('is_seen').notNull().default(false),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export type NotificationData = {
  name?: string;
  requestId?: string;
  requestNumber?: string;
  serviceSlug?: string;
  serviceLabel?: { ar: string; en: string };
  status?: string;
  statusLabel?: { ar: string; en: string };
  meterId?: string;
  meterNumber?: string;
  reason?: string;
  /** Payments (decision 027). */
  paymentId?: string;
  billIds?: string[];
  total?: number;
  transactionId?: string | null;
  /** What staff wrote with a move or a comment, which the citizen must read (the information needed; decision 051). */
  note?: string;
  /** citizen-replied: what the citizen did (decision 051). */
  reply?: 'completed' | 'comment' | 'paid' | 'rated' | 'cancelled';
  /** payment-code: the code to pay with and until when. */
  code?: string;
  expiresAt?: string;
};

/**
 * Web Push subscriptions (decision 051): one per browser (its push service endpoint, unique) and the account signed
 * in there; the keys encrypt the payload for that browser. `lang` is the app's language when it subscribed: the
 * language of its pushes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    lang: text('lang').$type<TLang>().notNull().default('ar'),
    /** A short description of the device, from its user agent (shown in the profile's list). */
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/* --------------------------------------------- service requests ---------------------------------------------- */

/**
 * Service requests (spec section 3 "Request"). `number` is the readable request number (`ID`), unique per
 * service and year from `request_counters`. The owner is an account, or, for a request filed without one
 * (allowAnonymous services), the SHA-256 of the owner token handed out once. `data` is the creating activity's
 * data as last submitted; `history` the later citizen activities; `clientHooksData` what hooks computed (never
 * listed). Money is kept in piastres.
 */
export const requests = pgTable(
  'requests',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.id),
    serviceSlug: text('service_slug').notNull(),
    serviceVersion: integer('service_version').notNull(),
    activityId: text('activity_id').notNull(),
    status: text('status').notNull(),
    stageId: text('stage_id'),
    stageStartedAt: timestamp('stage_started_at', { withTimezone: true }).notNull().defaultNow(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ownerTokenHash: text('owner_token_hash'),
    applicantName: text('applicant_name'),
    nationalId: text('national_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    history: jsonb('history')
      .$type<
        {
          activityId: string;
          data: Record<string, unknown>;
          at: string;
          by: { kind: 'citizen' | 'staff' | 'system'; name: string | null };
        }[]
      >()
      .notNull()
      .default([]),
    clientHooksData: jsonb('client_hooks_data').$type<Record<string, unknown>>().notNull().default({}),
    escalated: boolean('escalated').notNull().default(false),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** The staff member the request is assigned to (a user id). */
    assignee: text('assignee'),
    /** The external installation company it was bulk-assigned to (`/assign-requests`). */
    assignedCompanyId: text('assigned_company_id'),
    /** Routing scope (server/domain/requests/routing.ts): which company, sector and service center handle it. */
    companyId: text('company_id'),
    sectorId: text('sector_id'),
    serviceCenterId: text('service_center_id'),
    /** Set when the citizen comments; cleared when staff answer or move the request ("with citizen comments"). */
    citizenCommentAt: timestamp('citizen_comment_at', { withTimezone: true }),
    /** The employee or agent who filed it on the owner's behalf. */
    filedById: text('filed_by_id'),
    /** Normalised values of the creating activity's `searchField` fields (staff inbox search). */
    searchValues: text('search_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Optimistic concurrency: +1 on every write; staff writes name the version they saw (decision 023). */
    version: integer('version').notNull().default(1),
    paymentTotalPiastres: bigint('payment_total_piastres', { mode: 'number' }),
    lang: text('lang').$type<TLang>().notNull().default('ar'),
    actionDate: timestamp('action_date', { withTimezone: true }),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requests_number_uq').on(t.number),
    index('requests_owner_idx').on(t.ownerId, t.createdAt),
    index('requests_owner_service_idx').on(t.ownerId, t.serviceSlug, t.createdAt),
    index('requests_owner_token_idx').on(t.ownerTokenHash),
    check('requests_owner_check', sql`${t.ownerId} is not null or ${t.ownerTokenHash} is not null`),
    // The staff inbox (decision 024): newest first within a company, by service and status, and the flags.
    index('requests_inbox_company_idx').on(t.companyId, t.createdAt, t.id),
    index('requests_inbox_service_status_idx').on(t.serviceSlug, t.status, t.createdAt),
    index('requests_inbox_assignee_idx').on(t.assignee, t.createdAt),
    index('requests_inbox_escalated_idx')
      .on(t.createdAt)
      .where(sql`${t.escalated}`),
    index('requests_inbox_citizen_comment_idx')
      .on(t.citizenCommentAt)
      .where(sql`${t.citizenCommentAt} is not null`),
    index('requests_search_values_idx').using('gin', t.searchValues),
    // Measured by `npm run bench:inbox` at 100,000 requests: the newest-first page read backwards and stopped after
    // a page (not sorted after a scan), the plain count as an index-only scan, the status-changed filter, and the
    // national id a request names.
    index('requests_inbox_created_idx').on(t.createdAt, t.id),
    index('requests_inbox_company_service_idx').on(t.companyId, t.serviceSlug),
    index('requests_inbox_status_updated_idx').on(t.statusUpdatedAt),
    // Report summaries (decision 075): the requests changed since a day was summarised.
    index('requests_updated_idx').on(t.updatedAt),
    index('requests_national_id_idx').on(t.nationalId),
    index('requests_applicant_name_idx').using('btree', sql`lower(${t.applicantName}) text_pattern_ops`),
  ],
);

/** External installation companies that ready requests are assigned to (spec section 1). */
export const installationCompanies = pgTable('installation_companies', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<{ ar: string; en: string }>().notNull(),
  /** The distribution company it works for; null: any. */
  companyId: text('company_id'),
  active: boolean('active').notNull().default(true),
});

/** The staff user guide library (spec sections 2 `/userGuide`, 3 "User guide"): a name, and a document or a link. */
export const userGuides = pgTable('user_guides', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<{ ar: string; en: string }>().notNull(),
  /** The attachment (a document of the portal) or the link / video address, per language. */
  url: jsonb('url').$type<{ ar: string; en: string }>().notNull(),
  kind: text('kind').$type<'document' | 'video' | 'link'>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Who it is for (issue 26): any of citizens, staff, agents. */
  audience: jsonb('audience').$type<('citizens' | 'staff' | 'agents')[]>().notNull().default(['staff']),
  /** The footer link it stands behind, if any (the citizen guide, the code of conduct). */
  footerSlot: text('footer_slot').$type<'citizen-guide' | 'code-of-conduct'>().unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Files of the portal's content (issue 26): news pictures (kept with a card-sized copy) and guide PDFs, in the file
 * storage under random keys, served to anyone (they are published content).
 */
export const contentFiles = pgTable('content_files', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'image' | 'pdf'>().notNull(),
  storageKey: text('storage_key').notNull(),
  /** The card-sized copy of a picture (640 px wide, WebP); null for a PDF. */
  cardKey: text('card_key'),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Alert banners (issue 26): shown from `starts_at` until `ends_at` (open-ended when null). */
export const alertBanners = pgTable('alert_banners', {
  id: text('id').primaryKey(),
  text: jsonb('text').$type<{ ar: string; en: string }>().notNull(),
  level: text('level').$type<'info' | 'success' | 'warning' | 'error'>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  dismissible: boolean('dismissible').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settings operators change (issue 26): `home-figures` (clients in millions, service centres). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what to the portal's content, when (issue 26): news, guides, banners, FAQ and figures. */
export const contentEvents = pgTable(
  'content_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').$type<'news' | 'guide' | 'banner' | 'faq' | 'figures' | 'file'>().notNull(),
    subjectId: text('subject_id').notNull(),
    action: text('action').notNull(),
    actorId: text('actor_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_events_subject_idx').on(t.subject, t.subjectId, t.at)],
);

/** The last request number given per service and year (`SLUG-YYYY-000123`), incremented in the submit transaction. */
export const requestCounters = pgTable(
  'request_counters',
  {
    serviceSlug: text('service_slug').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceSlug, t.year] })],
);

export type RequestEventKind =
  | 'created'
  | 'assigned'
  | 'unassigned'
  | 'status'
  | 'bulk-assigned'
  | 'payment-started'
  | 'payment-succeeded'
  | 'payment-failed'
  | 'fee-set'
  | 'payment-refunded'
  | 'escalated'
  | 'activity'
  | 'comment'
  | 'cancelled'
  | 'rated';

/** The timeline (spec section 3 "Timeline events"); `data` holds what the kind needs (from/to, activityId, transactionId, total, ...). */
export const requestEvents = pgTable(
  'request_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RequestEventKind>().notNull(),
    actorKind: text('actor_kind').$type<'citizen' | 'staff' | 'system'>().notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.id)],
);

/** Comments on a request: employees' and the citizen's replies. */
export const requestComments = pgTable(
  'request_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').$type<'citizen' | 'staff' | 'system'>().notNull(),
    authorId: text('author_id'),
    authorName: text('author_name'),
    body: text('body').notNull(),
    /** Staff-only note: never shown to the citizen. */
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_comments_request_idx').on(t.requestId, t.id)],
);

/** One rating per finished request (spec "Rating"): 3 completed easily, 2 with some difficulty, 1 could not complete. */
export const requestRatings = pgTable(
  'request_ratings',
  {
    requestId: text('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    answer: integer('answer').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('request_ratings_answer_check', sql`${t.answer} between 1 and 3`),
    // The ratings report (issue 25) reads a date range of ratings.
    index('request_ratings_created_idx').on(t.createdAt),
  ],
);

/**
 * A quality follow-up (issue 26, decision 066): opened with a low rating (1 or 2) or a rating with a comment, one per
 * request; the service-quality staff contact the citizen and resolve it (open, contacted, resolved). The reply goes
 * to the citizen through the request's lifecycle (in the app, e-mail, SMS, push). Its time limit runs from
 * `createdAt` (QUALITY_FOLLOW_UP_DAYS).
 */
export const qualityFollowUps = pgTable(
  'quality_follow_ups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'contacted' | 'resolved'>().notNull().default('open'),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quality_follow_ups_request_uq').on(t.requestId),
    index('quality_follow_ups_status_idx').on(t.status, t.createdAt),
    check('quality_follow_ups_status_check', sql`${t.status} in ('open', 'contacted', 'resolved')`),
  ],
);

/**
 * Idempotency keys of replayable writes (decision 020). `scope` is the caller (`user:<id>`, `visitor:<address>`),
 * `keyHash` the SHA-256 of the `Idempotency-Key`, `fingerprint` the SHA-256 of the route and body. While
 * `inFlight`, `leaseUntil` says until when the first attempt owns it (a crashed attempt's key is taken over
 * after it); once done, `responseStatus` and `response` (encrypted with a key derived from the Idempotency-Key,
 * which only the client holds: an anonymous filer's owner token is in it) answer every repeat. Kept 90 days.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    route: text('route').notNull(),
    fingerprint: text('fingerprint').notNull(),
    inFlight: boolean('in_flight').notNull().default(true),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    responseStatus: integer('response_status'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Drafts saved on the server ("save as draft"), under a client-made id; one owner each. */
export const drafts = pgTable(
  'drafts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceSlug: text('service_slug').notNull(),
    activityId: text('activity_id').notNull(),
    stepId: text('step_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drafts_owner_idx').on(t.ownerId, t.updatedAt)],
);

/**
 * Uploaded files (spec "File limits"): the uploader (an account, or the SHA-256 of a visitor's token), the form
 * field it was uploaded for, the request once submitted; the bytes are in the storage adapter under `storageKey`
 * (a random name). The type is detected from the content, never taken from the name.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ownerTokenHash: text('owner_token_hash'),
    serviceSlug: text('service_slug').notNull(),
    activityId: text('activity_id').notNull(),
    fieldId: text('field_id').notNull(),
    requestId: text('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_request_idx').on(t.requestId),
    index('attachments_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('attachments_storage_key_uq').on(t.storageKey),
    /** The hourly clean-up's search: uploads no request claimed, oldest first (decision 037). */
    index('attachments_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.requestId} is null`),
  ],
);

/** A request's receipt, or the receipt of a paid payment (bills or a request's fee; decision 029). */
/** A request's receipt, a payment's receipt, and the credit note a refund of a payment issues (decision 060). */
export type DocumentKind = 'receipt' | 'paymentReceipt' | 'creditNote';

/**
 * Documents issued (printings): a request's receipt, or a payment's receipt. The PDF is rendered on demand from the
 * request or the payment; the QR code carries a secret of which only the SHA-256 is stored (`/verify?secret=…`).
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    /** The request a paper is of: a request's receipt, or the receipt of a request's fee. */
    requestId: text('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    /** The payment a payment receipt or a credit note is of (one of each kind a payment: `documents_payment_uq`). */
    paymentId: text('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    label: jsonb('label').$type<{ ar: string; en: string }>().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_secret_uq').on(t.secretHash),
    index('documents_request_idx').on(t.requestId),
    index('documents_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('documents_payment_kind_uq').on(t.paymentId, t.kind),
    check('documents_subject_check', sql`${t.requestId} is not null or ${t.paymentId} is not null`),
  ],
);

/**
 * Keys the server makes for itself on first use and keeps (e.g. `document-qr`: the key a document's QR secret is
 * derived from, so that a PDF rendered on demand carries the same QR code while only its hash is stored).
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ------------------------------------------- meters, readings, bills (issue 12) ------------------------------- */

export type MeterStatus = 'pending' | 'approved' | 'rejected' | 'deleted_by_platform' | 'removed';

/**
 * A citizen's meter (spec sections 3 "Meter", 4 "Meters"): added by the citizen as `pending`, approved or
 * rejected (with the reason) by staff, deleted by the platform (with the reason), or removed by its owner (kept
 * for the readings and bills that name it). A meter number belongs to one account at a time: unique among the
 * approved meters. A pending registration claims nothing (decision 037): several accounts may have the same number
 * pending, the staff approve one; an account has a number once among its pending and approved meters.
 */
export const meters = pgTable(
  'meters',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's own label for it ("Home", "Shop"). */
    name: text('name'),
    number: text('number').notNull(),
    /** single_phase, three_phase, prepaid, ... (contract). */
    type: text('type').notNull(),
    maker: text('maker'),
    ownerName: text('owner_name').notNull(),
    ownerFirstName: text('owner_first_name'),
    ownerNationalId: text('owner_national_id').notNull(),
    address: text('address').notNull(),
    area: text('area'),
    governorateId: text('governorate_id'),
    companyId: text('company_id'),
    serviceCenterId: text('service_center_id'),
    sectorId: text('sector_id'),
    /** residential, commercial, ... : also the tariff category. */
    connectionType: text('connection_type').notNull(),
    contractType: text('contract_type'),
    /** The combined (subscriber) code printed on the bill. */
    subscriberCode: text('subscriber_code'),
    chassisNumber: text('chassis_number'),
    activityDescription: text('activity_description'),
    placeDescription: text('place_description'),
    applicantDescription: text('applicant_description'),
    status: text('status').$type<MeterStatus>().notNull().default('pending'),
    /** Why staff rejected it, or why the platform deleted it. */
    rejectionReason: text('rejection_reason'),
    removalReason: text('removal_reason'),
    decidedById: text('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reading the meter had when it was added (the first "previous reading"). */
    initialReading: bigint('initial_reading', { mode: 'number' }).notNull().default(0),
    /** How many digits the display has (a rollover goes from 10^digits - 1 back through 0). */
    digits: integer('digits').notNull().default(6),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meters_number_approved_uq')
      .on(t.number)
      .where(sql`${t.status} = 'approved'`),
    uniqueIndex('meters_owner_number_uq')
      .on(t.ownerId, t.number)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('meters_number_idx').on(t.number),
    index('meters_owner_idx').on(t.ownerId, t.status),
    index('meters_status_idx').on(t.status, t.createdAt),
    // The meters report (issue 25) reads a date range of meters registered.
    index('meters_created_idx').on(t.createdAt),
    // Report summaries (decision 075): the meters changed (their place) since the readings were summarised.
    index('meters_updated_idx').on(t.updatedAt),
  ],
);

/**
 * One reading per meter and period (`YYYY-MM`, the month of entitlement): the unique index is what makes a
 * reading arrive exactly once whatever the client replays. `value` is the display's number (kWh); `rolledOver`
 * says the display passed its maximum since the previous reading; `flags` what the checks noticed (an unusual
 * jump the reader confirmed).
 */
export const meterReadings = pgTable(
  'meter_readings',
  {
    id: text('id').primaryKey(),
    meterId: text('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    /** kWh since the previous reading (after a rollover: through the maximum). */
    consumption: bigint('consumption', { mode: 'number' }).notNull(),
    rolledOver: boolean('rolled_over').notNull().default(false),
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When it was read on the device (may be days before it reached the server). */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    photoAttachmentId: text('photo_attachment_id'),
    /** citizen, reader (field staff), estimate, seed. */
    source: text('source').notNull(),
    submittedById: text('submitted_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meter_readings_period_uq').on(t.meterId, t.period),
    index('meter_readings_meter_idx').on(t.meterId, t.readAt),
    // The readings report (issue 25) reads a date range of readings received.
    index('meter_readings_created_idx').on(t.createdAt),
  ],
);

/**
 * Tariffs as data (a table the finance department can change): per connection type, in force from `validFrom`.
 * Amounts in piastres (1/100 EGP). `tiers`: consecutive kWh bands with their price; `fixedCharges`: the monthly
 * customer service charge by consumption band; `flat`: above `flatAboveKwh` the whole consumption is priced at
 * the band it falls in (Egypt's residential rule), if set; a tier with `restart` begins a new schedule priced
 * from 0 (decision 026, contract/tariff.ts `computeBill`).
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: text('id').primaryKey(),
    connectionType: text('connection_type').notNull(),
    validFrom: text('valid_from').notNull(),
    tiers: jsonb('tiers').$type<{ upToKwh: number | null; piastresPerKwh: number; restart?: boolean }[]>().notNull(),
    fixedCharges: jsonb('fixed_charges').$type<{ upToKwh: number | null; piastres: number }[]>().notNull(),
    flatAboveKwh: integer('flat_above_kwh'),
    name: jsonb('name').$type<{ ar: string; en: string }>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tariffs_type_from_uq').on(t.connectionType, t.validFrom)],
);

export type BillStatus = 'unpaid' | 'paid' | 'cancelled';

/**
 * A bill per meter and month of entitlement (spec section 3 "Bill"): made from the period's reading with the
 * tariff in force; `breakdown` is the tiers and charges it was computed from. `number` is the bill id people see.
 * `paymentId` names the payment that paid it (issue 12's payments).
 */
export const bills = pgTable(
  'bills',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull(),
    meterId: text('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    readingId: text('reading_id'),
    consumption: bigint('consumption', { mode: 'number' }).notNull(),
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
    breakdown: jsonb('breakdown').$type<Record<string, unknown>>().notNull().default({}),
    tariffId: text('tariff_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<BillStatus>().notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentId: text('payment_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_number_uq').on(t.number),
    uniqueIndex('bills_meter_period_uq').on(t.meterId, t.period),
    index('bills_meter_status_idx').on(t.meterId, t.status, t.period),
  ],
);

/* ------------------------------------------------ payments (issue 12) ------------------------------------------ */

export type PaymentPurpose = 'bills' | 'fee';
export type PaymentGateway = 'sandbox' | 'paymob' | 'fawry';
export type PaymentChannel = 'card' | 'code';
export type PaymentStatus = 'started' | 'pending' | 'succeeded' | 'failed' | 'expired' | 'refunded' | 'cancelled';

/**
 * One payment (decision 027): bills of the payer's meters, or a request's service fee. Every amount is the
 * server's, in piastres: `total = billsTotal + serviceFee + gatewayFee`. `merchantReference` is what the gateway
 * knows us by (Paymob's merchant_order_id, Fawry's merchantRefNum). A state change is a conditional update on
 * `status` and `version` inside the transaction that applies its consequences (bills paid, request moved on).
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    payerId: text('payer_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    requestId: text('request_id').references(() => requests.id, { onDelete: 'set null' }),
    activityId: text('activity_id'),
    serviceSlug: text('service_slug'),
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    channel: text('channel').$type<PaymentChannel>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('started'),
    billsTotalPiastres: bigint('bills_total_piastres', { mode: 'number' }).notNull().default(0),
    serviceFeePiastres: bigint('service_fee_piastres', { mode: 'number' }).notNull().default(0),
    gatewayFeePiastres: bigint('gateway_fee_piastres', { mode: 'number' }).notNull().default(0),
    totalPiastres: bigint('total_piastres', { mode: 'number' }).notNull(),
    merchantReference: text('merchant_reference').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayTransactionId: text('gateway_transaction_id'),
    /** Fawry's reference number (the code paid at an outlet) and until when it can be paid. */
    referenceNumber: text('reference_number'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Same-origin paths the browser returns to (display only). */
    successPath: text('success_path'),
    failurePath: text('failure_path'),
    failureReason: text('failure_reason'),
    lang: text('lang').$type<TLang>().notNull().default('ar'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A refund (decision 060): when, why, and the staff member who recorded it (null: the gateway reported it). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundedBy: text('refunded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payments_merchant_reference_uq').on(t.merchantReference),
    index('payments_payer_idx').on(t.payerId, t.createdAt),
    index('payments_request_idx').on(t.requestId, t.status),
    index('payments_gateway_order_idx').on(t.gateway, t.gatewayOrderId),
    // One gateway transaction settles one payment (decision 039).
    uniqueIndex('payments_gateway_transaction_uq')
      .on(t.gateway, t.gatewayTransactionId)
      .where(sql`${t.gatewayTransactionId} is not null`),
    index('payments_status_idx').on(t.status, t.createdAt),
    // Financial reports (decision 057): payments paid, and refunded, in a range.
    index('payments_status_paid_idx').on(t.status, t.paidAt),
    // Refunds are dated by when they were made (decision 075).
    index('payments_refunded_idx')
      .on(t.refundedAt)
      .where(sql`${t.refundedAt} is not null`),
    // Report summaries (decision 065): the payments changed since a day was summarised.
    index('payments_updated_idx').on(t.updatedAt),
    // Staff find a request by its payment's code (decision 060).
    index('payments_reference_number_idx')
      .on(t.referenceNumber)
      .where(sql`${t.referenceNumber} is not null`),
    check('payments_total_check', sql`${t.totalPiastres} > 0`),
  ],
);

/** The bills a payment pays (purpose bills). */
export const paymentItems = pgTable(
  'payment_items',
  {
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    billId: text('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.billId] }), index('payment_items_bill_idx').on(t.billId)],
);

/**
 * Every callback a gateway sent, verified or not (the raw payload, for disputes). The unique key makes a repeat a
 * no-op: the same gateway transaction in the same status is applied once.
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind').notNull(),
    paymentId: text('payment_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    verified: boolean('verified').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_callbacks_uq').on(t.gateway, t.transactionId, t.kind),
    // The refused ones' bounded sample (counted per gateway and hour) and their purge (decision 039).
    index('payment_callbacks_refused_idx').on(t.verified, t.gateway, t.receivedAt),
    // The reconciliation report (decision 057): the callbacks applied to a payment, and those received in a range.
    index('payment_callbacks_payment_idx').on(t.paymentId),
    index('payment_callbacks_received_idx').on(t.receivedAt),
  ],
);

/**
 * Every report export (issue 25, decision 056): who, which report, with which filters, in which format, when, and
 * how many rows were written (null while it streams or when it failed midway). Technical support reads it
 * (`GET /api/reports/exports`).
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    report: text('report').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    rowCount: integer('row_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_exports_created_idx').on(t.createdAt)],
);

/** What a look at a citizen's data was of (issue 28, decision 071). */
export type DataAccessKind = 'request' | 'profile' | 'meters' | 'bills' | 'files' | 'search' | 'report_export';
/** Why: the request being worked, a search (with the reason typed), an agent serving the citizen, a report. */
export type DataAccessPurpose = 'work' | 'search' | 'agent' | 'report';

/**
 * Every look by staff or an agent at a citizen's personal data (issue 28 parts 4 and 5, decision 071): who (id,
 * name, staff number and company as they were), whose data, what (kind and record), when, from which build and
 * address, and why. Append-only: a trigger (migration 0023) refuses UPDATE, TRUNCATE and any DELETE but the
 * retention purge's (`server/domain/audit/`). No foreign keys: a row outlives the accounts it names, and a
 * cascade would be an update.
 */
export const dataAccessLog = pgTable(
  'data_access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: text('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    staffNumber: bigint('staff_number', { mode: 'number' }).notNull(),
    /** `staff` or `agent`. */
    staffKind: text('staff_kind').notNull(),
    /** The distribution company of the staff member (null: the holding's, or an agent). */
    companyId: text('company_id'),
    /** Whose data (null: a report export, which names no one citizen). */
    citizenId: text('citizen_id'),
    kind: text('kind').$type<DataAccessKind>().notNull(),
    /** The record opened: a request's, meter's, file's or report's id; null for a list. */
    recordId: text('record_id'),
    purpose: text('purpose').$type<DataAccessPurpose>().notNull(),
    /** The request being worked (its id and number), when that is why. */
    requestId: text('request_id'),
    requestNumber: text('request_number'),
    /** The reason the employee typed for a search outside their assigned work. */
    reason: text('reason'),
    /** The build the call came from: `employee`, `agent` or `citizen` (the device header). */
    build: text('build').notNull(),
    address: text('address'),
  },
  (t) => [
    index('data_access_log_citizen_idx').on(t.citizenId, t.at),
    index('data_access_log_staff_idx').on(t.staffId, t.at),
    index('data_access_log_at_idx').on(t.at),
  ],
);

/** A citizen's report of a look they find wrong: the ticket it opened (the tickets service), for the auditor. */
export const dataAccessReports = pgTable('data_access_reports', {
  lookId: bigint('look_id', { mode: 'number' })
    .primaryKey()
    .references(() => dataAccessLog.id, { onDelete: 'cascade' }),
  citizenId: text('citizen_id').notNull(),
  ticketId: text('ticket_id'),
  ticketNumber: text('ticket_number').notNull(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
