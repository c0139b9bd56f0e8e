import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ZAppData, ZCategory, ZFaqEntry, ZNewsItem, ZService, ZServiceCenters } from '../../contract/catalog.ts';
import { ZTariff } from '../../contract/tariff.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { categories, services } from './data/catalog.ts';
import { appData, faqs, news } from './data/content.ts';
import { companies, governorates, installationCompanyRows, userGuideRows, sectors, serviceCenters } from './data/reference.ts';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH, demoUsers, userTypeSeeds } from './data/users.ts';
import { hashPassword, SCRYPT_DEFAULT_LOG2N } from '../domain/identity/crypto.ts';
import { transaction } from '../db/tx.ts';
import { seedDemoRequests } from './demo-requests.ts';
import { seedDemoBills } from './demo-bills.ts';
import { tariffSeeds } from './data/tariffs.ts';

/** Validates every seed record against the contract; a typo in the seed fails loudly, never half-writes. */
export function validateSeed(): void {
  const now = new Date().toISOString();
  for (const s of services) {
    ZService.parse({
      ...s,
      serviceLabel: s.translations.ar.serviceLabel,
      description: s.translations.ar.description,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    });
  }
  for (const c of categories) ZCategory.parse({ ...c, name: c.translations.ar.name });
  for (const n of news) ZNewsItem.parse({ ...n, title: n.translations.ar.title, body: n.translations.ar.body });
  for (const f of faqs) ZFaqEntry.parse(f);
  ZAppData.parse(appData);
  ZServiceCenters.parse({ governorates, companies, sectors, serviceCenters });
  for (const tariff of tariffSeeds) ZTariff.parse(tariff);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.services);
  return Number(rows[0]?.n ?? 0) === 0;
}

/** Upserts by primary key: running it twice leaves the same rows. */
async function upsert<T extends PgTable>(
  tx: Db,
  table: T,
  key: keyof T['$inferInsert'],
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0] as object).filter((k) => k !== key);
  const set = Object.fromEntries(cols.map((c) => [c, sql.raw(`excluded."${toSnake(c)}"`)]));
  await tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: (table as unknown as Record<string, PgColumn>)[key as string]!, set: set as never });
}

const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type SeedCounts = Record<string, number>;

export async function seedDatabase(db: Db): Promise<SeedCounts> {
  validateSeed();
  await transaction(db, async (tx) => {
    await upsert(
      tx,
      t.governorates,
      'id',
      governorates.map((g) => ({ id: g.id, data: g })),
    );
    await upsert(
      tx,
      t.distributionCompanies,
      'id',
      companies.map((c) => ({ id: c.id, data: c })),
    );
    await upsert(
      tx,
      t.sectors,
      'id',
      sectors.map((s) => ({ id: s.id, companyId: s.companyId, data: s })),
    );
    await upsert(
      tx,
      t.serviceCenters,
      'id',
      serviceCenters.map((c) => ({ id: c.id, companyId: c.companyId, governorateId: c.governorateId, data: c })),
    );
    await upsert(
      tx,
      t.categories,
      'id',
      categories.map((c) => ({ id: c.id, sortOrder: c.order, data: c })),
    );
    await upsert(
      tx,
      t.services,
      'id',
      services.map((s) => ({
        id: s.id,
        serviceSlug: s.serviceSlug,
        sortOrder: s.order,
        deactivated: s.deactivated,
        version: s.version,
        data: s,
      })),
    );
    await upsert(
      tx,
      t.news,
      'id',
      news.map((n) => ({ id: n.id, publishedAt: new Date(n.publishedAt), data: n })),
    );
    await upsert(
      tx,
      t.faqs,
      'id',
      faqs.map((f) => ({ id: f.id, groupKey: f.group, sortOrder: f.order, data: f })),
    );
    await upsert(tx, t.appData, 'key', [{ key: 'default', data: appData }]);
    await upsert(tx, t.installationCompanies, 'id', installationCompanyRows);
    await upsert(tx, t.userGuides, 'id', userGuideRows);
    await upsert(
      tx,
      t.tariffs,
      'id',
      tariffSeeds.map((r) => ({ ...r, updatedAt: new Date() })),
    );
  });
  return {
    services: services.length,
    categories: categories.length,
    governorates: governorates.length,
    companies: companies.length,
    sectors: sectors.length,
    serviceCenters: serviceCenters.length,
    news: news.length,
    faqs: faqs.length,
    tariffs: tariffSeeds.length,
  };
}

/**
 * User types from the configuration's employee slugs (upserted), and in demo mode the demo accounts (inserted
 * once: a demo user who changed their password keeps it). Their shared password is stored at the configured cost:
 * the production cost's hash is kept ready made; a lower test cost (SCRYPT_LOG2N) hashes it once here, so that
 * signing a demo account in costs what signing in any test account costs.
 */
export async function seedIdentity(
  db: Db,
  options: { employeeSlugs: readonly string[]; demo: boolean; scryptLog2N?: number },
): Promise<number> {
  const types = userTypeSeeds(options.employeeSlugs);
  await upsert(
    db,
    t.userTypes,
    'userSlug',
    types.map((u) => ({
      userSlug: u.userSlug,
      kind: u.kind,
      registration: u.registration,
      data: { label: u.label, schema: u.schema },
    })),
  );
  if (!options.demo) return 0;
  const passwordHash =
    options.scryptLog2N === undefined || options.scryptLog2N === SCRYPT_DEFAULT_LOG2N
      ? DEMO_PASSWORD_HASH
      : await hashPassword(DEMO_PASSWORD, options.scryptLog2N);
  const demo = demoUsers(options.employeeSlugs);
  await db
    .insert(t.users)
    .values(
      demo.map((u) => ({
        id: u.id,
        number: u.number,
        userSlug: u.userSlug,
        username: u.username,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        emailVerified: u.emailVerified,
        mobile: u.mobile,
        mobileVerified: u.mobileVerified,
        nationalId: u.nationalId,
        roles: u.roles,
        company: u.company,
        totpSecret: u.totpSecret,
        totpEnabled: u.totpSecret !== null,
        ...(u.profile ? { profile: u.profile } : {}),
        passwordHash,
      })),
    )
    .onConflictDoNothing();
  // What each demo account is for follows the seed on an existing database too (decision 036 changed the staff
  // roles); its password, second factor and profile stay as the tester left them.
  for (const u of demo) await db.update(t.users).set({ roles: u.roles, company: u.company }).where(eq(t.users.id, u.id));
  // The demo citizen's requests, receipts, notifications and draft (once).
  if (demo.some((u) => u.id === 'demo-citizen')) {
    await seedDemoRequests(db);
    // Their meters, readings and bills (upserted by fixed ids).
    await seedDemoBills(db);
  }
  return demo.length;
}
