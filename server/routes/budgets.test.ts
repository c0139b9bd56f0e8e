import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, QUOTAS } from '../../contract/limits.ts';
import type { TMeter } from '../../contract/meters.ts';
import { attachments, documents, drafts, requests } from '../db/schema.ts';
import { purgeUnclaimedUploads } from '../domain/attachments/attachments.ts';
import { documentPdfKey, printStats } from '../domain/documents/documents.ts';
import { call, directSession, expectError, freshIp, signUpVerified, type Session } from '../test/identity-helpers.ts';
import { validData } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Budgets (issue 21 part 3, decision 037), each finding reproduced at RATE_LIMIT_FACTOR 1: a receipt PDF is drawn
 * once and then served from storage; a visitor's uploads and submissions are limited per address and per owner
 * token, and unclaimed uploads are removed after a day with their bytes; a pending meter registration does not
 * block the number's owner; pending meters, drafts (count and size) and citizen lookups have per-account quotas.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-budgets-'));
let ctx: TestApp;
let PNG: Buffer;

beforeAll(async () => {
  ctx = await buildTestApp({ DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '1' }, { demoUsers: true });
  PNG = await QRCode.toBuffer('kahraba');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The limits count in windows aligned to the clock's minute: a test that fills one waits for a fresh minute when
 * fewer than 20 s of this one are left, so that its requests all fall in one window.
 */
async function oneWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const anonymousComplaint = (ip: string, headers: Record<string, string> = {}) =>
  call(ctx, 'POST', '/api/requests/FAULTS_COMPLAINTS', {
    ip,
    headers: { 'idempotency-key': crypto.randomUUID(), ...headers },
    body: { activityId: 'apply', data: validData('FAULTS_COMPLAINTS') },
  });

const visitorUpload = (ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/requests/FAULTS_COMPLAINTS/attachments',
    remoteAddress: ip,
    headers: {
      'content-type': 'application/octet-stream',
      'x-csrf-token': 'anonymous',
      'x-activity-id': 'apply',
      'x-field-id': 'photo',
      'x-file-name': 'fault.png',
      'idempotency-key': crypto.randomUUID(),
      ...headers,
    },
    payload: PNG,
  });

const expectTooMany = (res: LightMyRequestResponse) => {
  expectError(res, 429, 'TOO_MANY_REQUESTS');
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/* ------------------------------------------------ printed documents ------------------------------------------- */

describe('a receipt PDF is drawn once and kept (the PDF loop)', () => {
  /** An anonymous complaint, as anyone may file, and its receipt's id. */
  async function anonymousReceipt(): Promise<{ docId: string; owner: Record<string, string> }> {
    const filed = await anonymousComplaint(freshIp());
    expect(filed.statusCode, filed.body).toBe(201);
    const { id, ownerToken } = filed.json() as { id: string; ownerToken: string };
    const [doc] = await ctx.database.db.select({ id: documents.id }).from(documents).where(eq(documents.requestId, id));
    return { docId: doc!.id, owner: { 'request-owner-token': ownerToken } };
  }

  it('draws the first request, serves the stored bytes to the next ones (no drawing), and keeps one drawing per language', async () => {
    const { docId, owner } = await anonymousReceipt();
    const before = printStats.renders;
    const first = await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=ar`, { headers: owner });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(printStats.renders).toBe(before + 1);
    const storage = ctx.app.deps.storage;
    const key = documentPdfKey(docId, 'ar');
    expect(await storage.exists(key)).toBe(true);
    expect((await readAll(await storage.get(key))).equals(first.rawPayload)).toBe(true);

    for (let i = 0; i < 3; i++) {
      const again = await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=ar`, { headers: owner });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(printStats.renders).toBe(before + 1);

    // What is served is what is stored: replace the stored bytes and the next answer is them.
    const marker = Buffer.from('%PDF-1.4 stored copy\n');
    await storage.put(key, marker, { size: marker.length, contentType: 'application/pdf' });
    expect((await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=ar`, { headers: owner })).rawPayload.equals(marker)).toBe(
      true,
    );

    // English is its own drawing, kept too.
    expect((await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=en`, { headers: owner })).statusCode).toBe(200);
    expect((await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=en`, { headers: owner })).statusCode).toBe(200);
    expect(printStats.renders).toBe(before + 2);
    // Someone else still gets 404, stored or not.
    expectError(await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=ar`), 404, 'MODEL_NOT_FOUND');
  });

  it('draws once for concurrent first requests', async () => {
    const { docId, owner } = await anonymousReceipt();
    const before = printStats.renders;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=en`, { headers: owner })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(printStats.renders).toBe(before + 1);
  });

  it('limits the downloads of one owner token, wherever they come from', async () => {
    await oneWindow();
    const { docId, owner } = await anonymousReceipt();
    for (let i = 0; i < LIMITS.documentPdf.perCaller!; i++)
      expect((await call(ctx, 'GET', `/api/documents/${docId}/pdf`, { headers: owner })).statusCode).toBe(200);
    expectTooMany(await call(ctx, 'GET', `/api/documents/${docId}/pdf`, { headers: owner }));
  });
});

/* -------------------------------------------- anonymous submissions ------------------------------------------- */

describe('anonymous submissions', () => {
  it('are limited per address: the staff inbox gets no more than the budget from one address', async () => {
    await oneWindow();
    const ip = freshIp();
    const before = await ctx.database.db.$count(requests, eq(requests.serviceSlug, 'FAULTS_COMPLAINTS'));
    for (let i = 0; i < LIMITS.requestSubmit.perAddress; i++) expect((await anonymousComplaint(ip)).statusCode).toBe(201);
    expectTooMany(await anonymousComplaint(ip));
    expect(await ctx.database.db.$count(requests, eq(requests.serviceSlug, 'FAULTS_COMPLAINTS'))).toBe(
      before + LIMITS.requestSubmit.perAddress,
    );
    // Another address is not affected.
    expect((await anonymousComplaint(freshIp())).statusCode).toBe(201);
  });

  it('are limited per owner token across addresses', async () => {
    await oneWindow();
    const token = crypto.randomBytes(32).toString('base64url');
    for (let i = 0; i < LIMITS.requestSubmit.perCaller!; i++)
      expect((await anonymousComplaint(freshIp(), { 'request-owner-token': token })).statusCode).toBe(201);
    expectTooMany(await anonymousComplaint(freshIp(), { 'request-owner-token': token }));
  });
});

/* ------------------------------------------------- visitors' uploads ------------------------------------------ */

describe("visitors' uploads", () => {
  it('are limited per address and per owner token', async () => {
    await oneWindow();
    const ip = freshIp();
    for (let i = 0; i < LIMITS.upload.perAddress; i++) expect((await visitorUpload(ip)).statusCode).toBe(201);
    expectTooMany(await visitorUpload(ip));
    expect((await visitorUpload(freshIp())).statusCode).toBe(201);

    const token = { 'request-owner-token': crypto.randomBytes(32).toString('base64url') };
    // The field's own count (one photo a field) refuses the second pending upload of a token; the budget counts both.
    for (let i = 0; i < LIMITS.upload.perCaller!; i++) expect((await visitorUpload(freshIp(), token)).statusCode).not.toBe(429);
    expectTooMany(await visitorUpload(freshIp(), token));
  });

  it('are removed with their bytes a day after upload when no request claimed them; claimed and draft ones stay', async () => {
    const db = ctx.database.db;
    const storage = ctx.app.deps.storage;
    const upload = async (headers: Record<string, string> = {}) => {
      const res = await visitorUpload(freshIp(), headers);
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
      return row!;
    };
    const abandoned = await upload();
    const recent = await upload();
    // One filed with its request.
    const filedUpload = await upload();
    const filed = await call(ctx, 'POST', '/api/requests/FAULTS_COMPLAINTS', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        activityId: 'apply',
        data: { ...validData('FAULTS_COMPLAINTS'), photo: [{ id: filedUpload.id, name: 'fault.png' }] },
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    // A citizen's upload that a draft of theirs names.
    const citizen = await signUpVerified(ctx);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/requests/FAULTS_COMPLAINTS/attachments',
      remoteAddress: freshIp(),
      headers: {
        'content-type': 'application/octet-stream',
        cookie: citizen.session.cookie,
        'x-csrf-token': citizen.session.csrf,
        'x-activity-id': 'apply',
        'x-field-id': 'photo',
        'x-file-name': 'fault.png',
        'idempotency-key': crypto.randomUUID(),
      },
      payload: PNG,
    });
    expect(up.statusCode, up.body).toBe(201);
    const drafted = (up.json() as { id: string }).id;
    const draftId = crypto.randomUUID();
    const saved = await call(ctx, 'PUT', `/api/drafts/${draftId}`, {
      as: citizen.session,
      body: { serviceSlug: 'FAULTS_COMPLAINTS', activityId: 'apply', data: { photo: [{ id: drafted, name: 'fault.png' }] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await db
      .update(attachments)
      .set({ createdAt: dayAgo })
      .where(inArray(attachments.id, [abandoned.id, filedUpload.id, drafted]));
    expect(await storage.exists(abandoned.storageKey)).toBe(true);

    expect(await purgeUnclaimedUploads(db, storage)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: attachments.id })
      .from(attachments)
      .where(inArray(attachments.id, [abandoned.id, recent.id, filedUpload.id, drafted]));
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, filedUpload.id, drafted].sort());
    expect(await storage.exists(abandoned.storageKey)).toBe(false);
    expect(await storage.exists(recent.storageKey)).toBe(true);
    expect(await storage.exists(filedUpload.storageKey)).toBe(true);

    // Once the draft is gone, its upload is unclaimed like any other.
    await db.delete(drafts).where(eq(drafts.id, draftId));
    await purgeUnclaimedUploads(db, storage);
    expect(await db.$count(attachments, eq(attachments.id, drafted))).toBe(0);
  });
});

/* ------------------------------------------------------ meters ------------------------------------------------ */

describe('meter registration', () => {
  let nextNumber = 52_000_000 + Math.floor(Math.random() * 1_000_000);
  const meterBody = (over: Record<string, unknown> = {}) => ({
    number: String(nextNumber++),
    type: 'single_phase',
    ownerName: 'Ahmed Ali Hassan',
    ownerNationalId: '28505050100029',
    address: '12 Shubra Street, Cairo',
    serviceCenterId: 'sc-shubra',
    connectionType: 'residential',
    initialReading: 1000,
    ...over,
  });
  const add = (as: Session, body: Record<string, unknown>) => call(ctx, 'POST', '/api/meters', { as, body });
  const decide = async (m: TMeter, decision: string, as: Session, reason?: string) =>
    call(ctx, 'POST', `/api/staff/meters/${m.id}/decision`, {
      as,
      body: { version: m.version, decision, ...(reason ? { reason } : {}) },
    });

  it("someone else's pending registration of a number does not block its owner; the staff approve one", async () => {
    const owner = await signUpVerified(ctx);
    const squatter = await signUpVerified(ctx);
    const later = await signUpVerified(ctx);
    const employee = await directSession(ctx, 'demo-employee');
    const body = meterBody();

    const squat = await add(squatter.session, body);
    expect(squat.statusCode, squat.body).toBe(201);
    const mine = await add(owner.session, body);
    expect(mine.statusCode, mine.body).toBe(201);
    // One account has a number once.
    expectError(await add(owner.session, body), 409, 'METER_NUMBER_TAKEN');

    expect((await decide(mine.json() as TMeter, 'approve', employee)).statusCode).toBe(200);
    // Approved: the number is the owner's; the other registration cannot be approved, and nobody can add it now.
    expectError(await decide(squat.json() as TMeter, 'approve', employee), 409, 'METER_NUMBER_TAKEN');
    expectError(await add(later.session, body), 409, 'METER_NUMBER_TAKEN');
    const rejected = await decide(squat.json() as TMeter, 'reject', employee, 'The number is registered to its owner');
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('keeps at most a few meters waiting for approval per account (QUOTA_EXCEEDED)', async () => {
    const citizen = await signUpVerified(ctx);
    const waiting: TMeter[] = [];
    for (let i = 0; i < QUOTAS.pendingMeters; i++) {
      const res = await add(citizen.session, meterBody());
      expect(res.statusCode, res.body).toBe(201);
      waiting.push(res.json() as TMeter);
    }
    const refused = expectError(await add(citizen.session, meterBody()), 409, 'QUOTA_EXCEEDED');
    expect(refused.details).toEqual(['pendingMeters', String(QUOTAS.pendingMeters)]);
    const first = waiting[0]!;
    const removed = await call(ctx, 'POST', `/api/meters/${first.id}/remove`, {
      as: citizen.session,
      body: { version: first.version },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await add(citizen.session, meterBody())).statusCode).toBe(201);
  });
});

/* ------------------------------------------------------ drafts ------------------------------------------------ */

describe('drafts', () => {
  const save = (as: Session, id: string, data: Record<string, unknown> = { note: 'x' }) =>
    call(ctx, 'PUT', `/api/drafts/${id}`, { as, body: { serviceSlug: 'FAULTS_COMPLAINTS', activityId: 'apply', data } });

  it('keeps at most QUOTAS.drafts per account; replacing one of them is always possible', async () => {
    await oneWindow();
    const citizen = await signUpVerified(ctx);
    const ids = Array.from({ length: QUOTAS.drafts }, () => crypto.randomUUID());
    for (const id of ids) expect((await save(citizen.session, id)).statusCode).toBe(200);
    const refused = expectError(await save(citizen.session, crypto.randomUUID()), 409, 'QUOTA_EXCEEDED');
    expect(refused.details).toEqual(['drafts', String(QUOTAS.drafts)]);
    expect((await save(citizen.session, ids[0]!, { note: 'changed' })).statusCode).toBe(200);
    expect(await ctx.database.db.$count(drafts, eq(drafts.ownerId, citizen.userId))).toBe(QUOTAS.drafts);
  });

  it('refuses a draft larger than QUOTAS.draftBytes (PAYLOAD_TOO_LARGE) and keeps nothing', async () => {
    const citizen = await signUpVerified(ctx);
    const id = crypto.randomUUID();
    expectError(await save(citizen.session, id, { note: 'x'.repeat(QUOTAS.draftBytes) }), 413, 'PAYLOAD_TOO_LARGE');
    expect(await ctx.database.db.$count(drafts, and(eq(drafts.id, id)))).toBe(0);
  });
});

/* -------------------------------------------------- citizen lookups ------------------------------------------- */

describe('citizen lookups', () => {
  it('are limited per agent account, wherever the guesses come from, and acting for a citizen counts too', async () => {
    await oneWindow();
    const agent = { ...(await directSession(ctx, 'demo-agent', { kind: 'agent' })), agent: true };
    const guess = (i: number) =>
      call(ctx, 'POST', '/api/citizens/search', { as: agent, body: { mobile: `0100${String(1_000_000 + i).slice(-7)}` } });
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.citizenLookup.perCaller! - 1; i++) statuses.push((await guess(i)).statusCode);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    const act = await call(ctx, 'POST', '/api/agent/demo-agent/citizen', { as: agent, body: { nationalId: '29001010100015' } });
    expect(act.statusCode, act.body).toBe(200);
    expectTooMany(await guess(999));
    expectTooMany(
      await call(ctx, 'POST', '/api/agent/demo-agent/citizen', { as: agent, body: { nationalId: '29001010100015' } }),
    );
    // Another account is not affected.
    const support = await directSession(ctx, 'demo-employee');
    expect([200, 404]).toContain(
      (await call(ctx, 'POST', '/api/citizens/search', { as: support, body: { mobile: '01000000001' } })).statusCode,
    );
  });
});
