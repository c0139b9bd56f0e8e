import { expect, it } from 'vitest';
import { ZInboxPage } from '../../contract/staff.ts';
import { generateReportData } from '../seed/report-data.ts';
import { call, directSession } from '../test/identity-helpers.ts';
import { buildTestApp } from '../test/test-app.ts';

/*
 * The demo's generated months of data (server/seed/report-data.ts, decision 057) are requests like any other: the
 * staff inbox lists them in its own answer shape (their ids are request ids), not a 500.
 */
it("the staff inbox lists the demo's generated requests in its answer shape", async () => {
  const ctx = await buildTestApp({}, { demoUsers: true });
  try {
    expect(await generateReportData(ctx.database.db)).toBeGreaterThan(0);
    const employee = await directSession(ctx, 'demo-employee');
    const res = await call(ctx, 'GET', '/api/dynamic_services/inbox', { as: employee });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const page = ZInboxPage.parse(res.json());
    expect(page.total).toBeGreaterThan(1000);
  } finally {
    await ctx.close();
  }
}, 120_000);
