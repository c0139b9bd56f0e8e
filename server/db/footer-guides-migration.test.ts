import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TAppData } from '../../contract/catalog.ts';
import { call } from '../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { userGuides } from './schema.ts';

/*
 * Migration 0022 (decision 074): a database made before 0020 has the seed's citizen guide and code of conduct
 * without a footer place (the seed writes guides only into an empty database), so the footer showed its built-in
 * PDFs. The migration gives each place to the seed's guide once, where the place is free and the guide is unchanged.
 */

const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.startsWith('0022_'))!;
const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
const SEED_GUIDES = ['guide-citizen', 'guide-code-of-conduct'];

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

/** The seed's guides as a database made before 0020 has them: no place, the new column's default audience. */
const asBefore0020 = () =>
  ctx.database.db
    .update(userGuides)
    .set({ footerSlot: null, audience: ['staff'] })
    .where(inArray(userGuides.id, SEED_GUIDES));
const footer = async () => ((await call(ctx, 'GET', '/api/misc/appData')).json() as TAppData).config.footerGuides ?? {};

it("gives the footer's places to the seed's guides, once, where the place is free", async () => {
  await asBefore0020();
  expect(await footer()).toEqual({});
  await ctx.database.db.execute(sql.raw(migration));
  const rows = await ctx.database.db.select().from(userGuides).where(inArray(userGuides.id, SEED_GUIDES));
  expect(Object.fromEntries(rows.map((r) => [r.id, [r.footerSlot, r.audience]]))).toEqual({
    'guide-citizen': ['citizen-guide', ['citizens', 'staff', 'agents']],
    'guide-code-of-conduct': ['code-of-conduct', ['citizens', 'staff', 'agents']],
  });
  expect(await footer()).toEqual({
    citizenGuide: { ar: '/docs/citizen-guide.ar.pdf', en: '/docs/citizen-guide.en.pdf' },
    codeOfConduct: { ar: '/docs/code-of-conduct.ar.pdf', en: '/docs/code-of-conduct.en.pdf' },
  });
});

it('leaves a place another guide holds, and a guide staff changed', async () => {
  await asBefore0020();
  await ctx.database.db.insert(userGuides).values({
    id: 'guide-staff-made',
    name: { ar: 'دليل جديد', en: 'A new guide' },
    url: { ar: '/api/content/files/abc', en: '/api/content/files/abc' },
    kind: 'document',
    audience: ['citizens'],
    footerSlot: 'citizen-guide',
  });
  await ctx.database.db
    .update(userGuides)
    .set({ url: { ar: '/api/content/files/def', en: '/api/content/files/def' } })
    .where(eq(userGuides.id, 'guide-code-of-conduct'));
  await ctx.database.db.execute(sql.raw(migration));
  const rows = await ctx.database.db.select().from(userGuides).where(inArray(userGuides.id, SEED_GUIDES));
  expect(rows.map((r) => r.footerSlot)).toEqual([null, null]);
});
