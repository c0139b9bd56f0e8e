import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
} from './seed/types.ts';

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
    data: jsonb('data').$type<SeedService>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('services_sort_idx').on(t.sortOrder)],
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

export const news = pgTable(
  'news',
  {
    id: text('id').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<SeedNewsItem>().notNull(),
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
    messageType: text('message_type').$type<'complaint' | 'inquiry'>().notNull(),
    serviceSlug: text('service_slug'),
    requestId: text('request_id'),
    message: text('message').notNull(),
    lang: text('lang'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_messages_reference_uq').on(t.referenceNumber),
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_type_check', sql`${t.messageType} in ('complaint', 'inquiry')`),
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
