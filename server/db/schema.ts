import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
