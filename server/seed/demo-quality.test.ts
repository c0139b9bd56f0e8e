import { expect, it } from 'vitest';
import { ZContactMessages, ZFollowUps } from '../../contract/quality.ts';
import { call, directSession } from '../test/identity-helpers.ts';
import { buildTestApp } from '../test/test-app.ts';
import { seedDemoQuality } from './demo-quality.ts';
import { generateReportData } from './report-data.ts';

/*
 * The demo's quality desk (decision 074): after the generated months of data, the manager's /quality has follow-ups
 * of low and commented ratings in each state and contact messages of each type and state; written once, and never
 * on a desk people have used.
 */
it("the demo's quality desk has follow-ups and contact messages in each state, written once", async () => {
  const ctx = await buildTestApp({}, { demoUsers: true });
  try {
    const db = ctx.database.db;
    await generateReportData(db, {
      citizens: 40,
      metersPerCitizen: 1,
      readingMonths: 1,
      billMonths: 1,
      requests: 400,
      requestDays: 30,
    });
    expect(await seedDemoQuality(db)).toBe(12);
    expect(await seedDemoQuality(db)).toBe(0);

    const manager = await directSession(ctx, 'demo-manager');
    const followUps = ZFollowUps.parse((await call(ctx, 'GET', '/api/quality/follow-ups?limit=50', { as: manager })).json());
    expect(followUps.total).toBe(8);
    expect(new Set(followUps.items.map((f) => f.status))).toEqual(new Set(['open', 'contacted', 'resolved']));
    expect(followUps.items.filter((f) => f.answer <= 2)).toHaveLength(6);
    expect(followUps.items.find((f) => f.status === 'contacted')).toMatchObject({
      reply: expect.stringContaining('نعتذر') as unknown,
      assigneeName: 'منى صبري',
    });
    const comments = (await call(ctx, 'GET', '/api/quality/comments?limit=50', { as: manager })).json() as { total: number };
    expect(comments.total).toBe(7);

    const messages = ZContactMessages.parse(
      (await call(ctx, 'GET', '/api/quality/contact-messages?limit=50', { as: manager })).json(),
    );
    expect(messages.items.map((m) => [m.messageType, m.status])).toEqual([
      ['complaint', 'open'],
      ['inquiry', 'open'],
      ['suggestion', 'answered'],
      ['complaint', 'closed'],
    ]);
    expect(messages.items[0]).toMatchObject({ overdue: true, requestNumber: expect.any(String) as unknown });
    expect(messages.items[0]!.referenceNumber).toMatch(/^CM-\d{4}-\d{6}$/);

    // A message sent through the form afterwards takes the next number of the same sequence.
    const sent = await call(ctx, 'POST', '/api/contactMessages', {
      body: {
        fullName: 'Salma Adel',
        email: 'salma@example.com',
        messageType: 'inquiry',
        message: 'When is the next reading due?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const numbers = messages.items.map((m) => m.referenceNumber);
    expect(numbers).not.toContain((sent.json() as { referenceNumber: string }).referenceNumber);
  } finally {
    await ctx.close();
  }
}, 120_000);
