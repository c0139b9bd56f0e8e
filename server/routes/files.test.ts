import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { readableNumber } from '../../contract/request-number.ts';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TService } from '../../contract/catalog.ts';
import { FILE_LIMITS } from '../../contract/files.ts';
import { services as seedServices } from '../seed/data/catalog.ts';
import { sampleData } from '../seed/sample-data.ts';
import { transaction } from '../db/tx.ts';
import { attachments, requests, services } from '../db/schema.ts';
import { claimAttachments } from '../domain/attachments/attachments.ts';
import { hashOwnerToken } from '../domain/idempotency/idempotency.ts';
import { documentKey, documentSecret, issueReceipt } from '../domain/documents/issue.ts';
import {
  call,
  directSession,
  expectError,
  fastDemoPasswords,
  freshIp,
  signUpVerified,
  type Session,
  type SignedUp,
} from '../test/identity-helpers.ts';
import { pdfTextRuns } from '../test/pdf-text.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Attachments, printed documents and tasks through the API (issue 10 items 5, 6, 8): upload limits by content,
 * size and count; only the owner downloads; the receipt PDF; the QR document; favourites.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-files-'));
let ctx: TestApp;
let A: SignedUp & { session: Session };
let B: SignedUp & { session: Session };
let staff: Session;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), crypto.randomBytes(400)]);
EXE.writeUInt32LE(64, 0x3c);
let PNG: Buffer;

beforeAll(async () => {
  ctx = await buildTestApp({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, { demoUsers: true });
  const ids = await fastDemoPasswords(ctx);
  A = await signUpVerified(ctx);
  B = await signUpVerified(ctx, { password: 'B0bs!Secret', confirmPassword: 'B0bs!Secret' });
  staff = await directSession(ctx, ids.employee!);
  PNG = await QRCode.toBuffer('kahraba');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Upload = {
  service?: string;
  activity?: string;
  field?: string;
  name?: string;
  as?: Session;
  headers?: Record<string, string>;
};
function upload(body: Buffer | Readable, o: Upload = {}) {
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'x-csrf-token': o.as?.csrf ?? 'anonymous',
    'x-activity-id': o.activity ?? 'apply',
    'x-field-id': o.field ?? 'documents',
    'x-file-name': encodeURIComponent(o.name ?? 'بطاقة الرقم القومي.pdf'),
    'idempotency-key': crypto.randomUUID(),
    ...(o.as ? { cookie: o.as.cookie } : {}),
    ...o.headers,
  };
  return ctx.app.inject({
    method: 'POST',
    url: `/api/requests/${o.service ?? 'CODEMETER'}/attachments`,
    remoteAddress: freshIp(),
    headers,
    payload: body,
  });
}

const storedFiles = () =>
  fs.existsSync(path.join(dataDir, 'files'))
    ? fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter((f) => /[0-9a-f]{32}$/.test(String(f)))
    : [];

describe('upload', () => {
  it('keeps a PDF for its field under a random name and answers what it kept', async () => {
    const res = await upload(PDF, { as: A.session });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { id: string; name: string; size: number; mime: string; fieldId: string };
    expect(body).toMatchObject({
      name: 'بطاقة الرقم القومي.pdf',
      size: PDF.length,
      mime: 'application/pdf',
      fieldId: 'documents',
    });
    const [row] = await ctx.database.db.select().from(attachments).where(eq(attachments.id, body.id));
    expect(row!.storageKey).not.toContain('بطاقة');
    expect(row!.ownerId).toBe(A.userId);
    expect(row!.sha256).toBe(crypto.createHash('sha256').update(PDF).digest('hex'));
  });

  it('refuses an executable named .pdf (the type is read from the bytes), and keeps nothing', async () => {
    const before = storedFiles().length;
    expectError(await upload(EXE, { as: A.session, name: 'invoice.pdf' }), 415, 'FILE_TYPE_NOT_ALLOWED');
    // A text file has no signature at all.
    expectError(
      await upload(Buffer.from('hello, this is not a picture'), { as: A.session, name: 'a.pdf' }),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    // An image field takes pictures only.
    expectError(await upload(PDF, { as: A.session, field: 'frontPhoto', name: 'front.pdf' }), 415, 'FILE_TYPE_NOT_ALLOWED');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the size limit, announced or streamed without a length', async () => {
    const big = Buffer.alloc(FILE_LIMITS.maxBytes + 1, 1);
    big.set(PDF);
    expectError(await upload(big, { as: A.session }), 413, 'FILE_TOO_LARGE');
    const chunks = Array.from({ length: 6 }, () => Buffer.alloc(1_048_576, 7));
    chunks[0]!.set(PDF);
    expectError(await upload(Readable.from(chunks), { as: A.session }), 413, 'FILE_TOO_LARGE');
  });

  it('refuses an empty upload and a field that holds no more files', async () => {
    expectError(await upload(Buffer.alloc(0), { as: A.session }), 400, 'FILE_REQUIRED');
    // frontPhoto holds one picture.
    expect((await upload(PNG, { as: B.session, field: 'frontPhoto', name: 'front.png' })).statusCode).toBe(201);
    expectError(await upload(PNG, { as: B.session, field: 'frontPhoto', name: 'front2.png' }), 400, 'FILE_COUNT_EXCEEDED');
    // Another citizen's uploads do not count against A's.
    expect((await upload(PNG, { as: A.session, field: 'frontPhoto', name: 'front.png' })).statusCode).toBe(201);
  });

  it('answers unknown services, activities and fields with their codes, and visitors only where the service allows', async () => {
    expectError(await upload(PDF, { as: A.session, service: 'NO_SUCH_SERVICE' }), 404, 'MODEL_NOT_FOUND');
    expectError(await upload(PDF, { as: A.session, activity: 'nope' }), 404, 'ACTIVITY_NOT_FOUND');
    expectError(await upload(PDF, { as: A.session, field: 'location' }), 400, 'INVALID_INPUT');
    expectError(await upload(PDF, { as: A.session, headers: { 'x-file-name': '' } }), 400, 'INVALID_INPUT');
    expectError(await upload(PDF, { as: A.session, name: 'a\u202Eb.pdf' }), 400, 'INVALID_INPUT');
    expectError(await upload(PDF), 401, 'UNAUTHORIZED');
    const anon = await upload(PNG, { service: 'FAULTS_COMPLAINTS', field: 'photo', name: 'fault.png' });
    expect(anon.statusCode, anon.body).toBe(201);
  });
});

describe('download', () => {
  it('gives the file to its owner only, as an attachment that is never sniffed or cached; a stranger gets 404', async () => {
    const up = (await upload(PDF, { as: A.session, name: 'عقد "الإيجار".pdf' })).json() as { id: string };
    const res = await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: A.session });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___ _________.pdf"; filename*=UTF-8''${encodeURIComponent('عقد "الإيجار".pdf')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');

    expectError(await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/attachments/${up.id}`), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: staff }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/attachments/${crypto.randomUUID()}`, { as: A.session }), 404, 'MODEL_NOT_FOUND');
  });
});

/** A request row as the submission writes it (the requests use cases are tested on their own). */
async function insertRequest(owner: { userId: string } | { token: string }, number: string) {
  const [svc] = await ctx.database.db.select().from(services).where(eq(services.serviceSlug, 'CODEMETER'));
  const id = crypto.randomUUID();
  await ctx.database.db.insert(requests).values({
    id,
    number,
    serviceId: svc!.id,
    serviceSlug: 'CODEMETER',
    serviceVersion: svc!.version,
    activityId: 'apply',
    status: 'new',
    ownerId: 'userId' in owner ? owner.userId : null,
    ownerTokenHash: 'token' in owner ? hashOwnerToken(owner.token) : null,
    applicantName: 'منى حسن',
    nationalId: '29001011234567',
    data: { floor: 3, powerAvailable: 'yes' },
  });
  return id;
}

describe('claiming attachments at submission', () => {
  it("links the owner's uploads to the request and refuses another's", async () => {
    const mine = (await upload(PDF, { as: A.session })).json() as { id: string };
    const requestId = await insertRequest({ userId: B.userId }, 'CODEMETER-2026-900900');
    await expect(
      transaction(ctx.database.db, (tx) =>
        claimAttachments(tx, { ids: [mine.id], owner: { userId: B.userId }, requestId, serviceSlug: 'CODEMETER' }),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });

    const ownRequest = await insertRequest({ userId: A.userId }, 'CODEMETER-2026-900901');
    const claimed = await transaction(ctx.database.db, (tx) =>
      claimAttachments(tx, { ids: [mine.id], owner: { userId: A.userId }, requestId: ownRequest, serviceSlug: 'CODEMETER' }),
    );
    expect(claimed.map((c) => c.id)).toEqual([mine.id]);
    // Claimed once: no other request takes it.
    await expect(
      transaction(ctx.database.db, (tx) =>
        claimAttachments(tx, { ids: [mine.id], owner: { userId: A.userId }, requestId, serviceSlug: 'CODEMETER' }),
      ),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // No longer pending: the field's count is free again.
    expect((await call(ctx, 'GET', `/api/attachments/${mine.id}`, { as: A.session })).statusCode).toBe(200);
  });

  it("gives an anonymous filer's upload to the request's owner token", async () => {
    const up = (await upload(PNG, { service: 'FAULTS_COMPLAINTS', field: 'photo', name: 'fault.png' })).json() as { id: string };
    const token = crypto.randomBytes(32).toString('base64url');
    const [svc] = await ctx.database.db.select().from(services).where(eq(services.serviceSlug, 'FAULTS_COMPLAINTS'));
    const requestId = crypto.randomUUID();
    await ctx.database.db.insert(requests).values({
      id: requestId,
      number: 'FAULTS_COMPLAINTS-2026-900001',
      serviceId: svc!.id,
      serviceSlug: 'FAULTS_COMPLAINTS',
      serviceVersion: svc!.version,
      activityId: 'apply',
      status: 'new',
      ownerTokenHash: hashOwnerToken(token),
      data: {},
    });
    await transaction(ctx.database.db, (tx) =>
      claimAttachments(tx, {
        ids: [up.id],
        owner: { ownerTokenHash: hashOwnerToken(token) },
        requestId,
        serviceSlug: 'FAULTS_COMPLAINTS',
      }),
    );
    const res = await call(ctx, 'GET', `/api/attachments/${up.id}`, { headers: { 'request-owner-token': token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const other = crypto.randomBytes(32).toString('base64url');
    expectError(
      await call(ctx, 'GET', `/api/attachments/${up.id}`, { headers: { 'request-owner-token': other } }),
      404,
      'MODEL_NOT_FOUND',
    );
  });
});

describe('printed documents', () => {
  let docId: string;
  let secret: string;
  const number = 'CODEMETER-2026-900777';

  beforeAll(async () => {
    const requestId = await insertRequest({ userId: A.userId }, number);
    const key = await documentKey(ctx.database.db);
    docId = await transaction(ctx.database.db, (tx) => issueReceipt(tx, key, requestId, A.userId, new Date()));
    secret = documentSecret(key, docId);
  });

  it('lists my papers, and only mine', async () => {
    const mine = (await call(ctx, 'GET', '/api/documents', { as: A.session })).json() as {
      items: { id: string; requestNumber: string }[];
    };
    expect(mine.items).toContainEqual(
      expect.objectContaining({ id: docId, requestNumber: number, verifyUrl: `${ctx.config.appOrigin}/verify?secret=${secret}` }),
    );
    const theirs = (await call(ctx, 'GET', '/api/documents', { as: B.session })).json() as { items: unknown[]; total: number };
    expect(theirs).toEqual({ items: [], total: 0 });
  });

  it('draws the receipt as a PDF for its owner, with the request number in it; 404 for anyone else', async () => {
    const res = await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=en`, { as: A.session });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Named and numbered as people read the number (decision 061), not by the stored one.
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="COD-2026-900777-receipt\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const runs = pdfTextRuns(res.rawPayload);
    expect(runs).toContain('COD-2026-900777');
    expect(runs.join('|')).not.toContain(number);
    expect(runs).toContain('Request receipt');
    // Arabic by default (the request's language).
    const ar = await call(ctx, 'GET', `/api/documents/${docId}/pdf`, { as: A.session });
    // (glyph runs: an Arabic run is drawn right to left, so its text reads reversed in the stream)
    expect(pdfTextRuns(ar.rawPayload).join('|')).toContain(Array.from('الطلب').reverse().join(''));
    // «كودي-» then 2026-900777 read left to right: the Arabic prefix is a run of its own, drawn reversed; no mark drawn.
    const arRuns = pdfTextRuns(ar.rawPayload);
    expect(arRuns).toContain('2026-900777');
    expect(arRuns.join('|')).toContain(Array.from('كودي').reverse().join(''));
    expect(arRuns.join('|')).not.toContain(number);
    expect(arRuns.join('')).not.toContain('\u200E');
    expect(decodeURIComponent(ar.headers['content-disposition']!.split("UTF-8''")[1]!)).toBe('إيصال كودي-2026-900777.pdf');

    expectError(await call(ctx, 'GET', `/api/documents/${docId}/pdf`, { as: B.session }), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/documents/${docId}/pdf`), 404, 'MODEL_NOT_FOUND');
    expectError(await call(ctx, 'GET', `/api/documents/${docId}/pdf?lang=fr`, { as: A.session }), 400, 'INVALID_INPUT');
  });

  it('the QR secret opens the document for anyone; every other token is an invalid QR code', async () => {
    const res = await call(ctx, 'POST', '/api/tasks/runTasks', { body: { taskIds: ['GetDocumentFromQr'], token: secret } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      GetDocumentFromQr: {
        label: { ar: 'إيصال استلام الطلب', en: 'Request receipt' },
        document: { requestNumber: number, serviceSlug: 'CODEMETER', applicantName: 'منى حسن', status: { id: 'new' } },
      },
    });
    // What the document shows does not include the applicant's national id or account.
    expect(res.body).not.toContain('29001011234567');
    expect(res.body).not.toContain(A.userId);
    for (const token of ['nope', `${secret}x`, secret.slice(1)]) {
      const bad = expectError(
        await call(ctx, 'POST', '/api/tasks/runTasks', { body: { taskIds: ['GetDocumentFromQr'], token } }),
        401,
        'INVALID_QR',
      );
      expect(bad.message).toBe('Unauthorized access');
    }
  });
});

describe('favourite services', () => {
  const fav = (list: string[], as?: Session) =>
    call(ctx, 'POST', '/api/tasks/runTasks', { as, body: { taskIds: ['favoriteServices'], favoriteServices: list } });

  it("replaces a citizen's list and answers the current user", async () => {
    const res = await fav(['CODEMETER', 'PAYBILLS', 'CODEMETER'], A.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ favoriteServices: { id: A.userId, favoriteServices: ['CODEMETER', 'PAYBILLS'] } });
    // Toggling one off: the client sends the list without it.
    expect((await fav(['PAYBILLS'], A.session)).json()).toMatchObject({ favoriteServices: { favoriteServices: ['PAYBILLS'] } });
    const me = (await call(ctx, 'GET', `/api/citizen/${A.userId}`, { as: A.session })).json() as { favoriteServices: string[] };
    expect(me.favoriteServices).toEqual(['PAYBILLS']);
  });

  it('refuses an unknown service, visitors (401) and staff (403)', async () => {
    expectError(await fav(['NO_SUCH_SERVICE'], A.session), 404, 'MODEL_NOT_FOUND');
    expectError(await fav(['CODEMETER']), 401, 'UNAUTHORIZED');
    expectError(await fav(['CODEMETER'], staff), 403, 'FORBIDDEN');
  });
});

describe('files and papers through a real submission', () => {
  it("a visitor's upload goes with the request it files; the owner token opens the file and the receipt", async () => {
    const up = (await upload(PNG, { service: 'FAULTS_COMPLAINTS', field: 'photo', name: 'عطل.png' })).json() as { id: string };
    const service = seedServices.find((x) => x.serviceSlug === 'FAULTS_COMPLAINTS') as unknown as TService;
    const filed = await call(ctx, 'POST', '/api/requests/FAULTS_COMPLAINTS', {
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { activityId: 'apply', data: { ...sampleData(service, 'apply'), photo: [{ id: up.id, name: 'عطل.png' }] } },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id, ID, ownerToken } = filed.json() as { id: string; ID: string; ownerToken: string };
    const asOwner = { 'request-owner-token': ownerToken };

    const file = await call(ctx, 'GET', `/api/attachments/${up.id}`, { headers: asOwner });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expectError(await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: A.session }), 404, 'MODEL_NOT_FOUND');

    const detail = await call(
      ctx,
      'GET',
      `/api/requests/FAULTS_COMPLAINTS/findOne?filter=${encodeURIComponent(JSON.stringify({ where: { id } }))}&withDocuments=true`,
      {
        headers: asOwner,
      },
    );
    expect(detail.statusCode, detail.body).toBe(200);
    const { documents } = detail.json() as { documents: { id: string }[] };
    const pdf = await call(ctx, 'GET', `/api/documents/${documents[0]!.id}/pdf?lang=en`, { headers: asOwner });
    expect(pdf.statusCode).toBe(200);
    const runs = pdfTextRuns(pdf.rawPayload);
    expect(runs).toContain(readableNumber(ID, 'en'));
    // The attachment is named on the paper by its file name.
    expect(runs.join('')).toContain('png');
    expectError(await call(ctx, 'GET', `/api/documents/${documents[0]!.id}/pdf`), 404, 'MODEL_NOT_FOUND');
  });

  it("an employee's upload for a citizen they file for becomes the citizen's, with the request", async () => {
    const token = await call(ctx, 'POST', '/api/staff/owner-token', { as: staff, body: { nationalId: A.data.nationalId } });
    expect(token.statusCode, token.body).toBe(200);
    const onBehalf = { 'request-owner-token': (token.json() as { token: string }).token };
    const up = (await upload(PNG, { service: 'FAULTS_COMPLAINTS', field: 'photo', name: 'fault.png', as: staff })).json() as {
      id: string;
    };
    const service = seedServices.find((x) => x.serviceSlug === 'FAULTS_COMPLAINTS') as unknown as TService;
    const filed = await call(ctx, 'POST', '/api/requests/FAULTS_COMPLAINTS', {
      as: staff,
      headers: { 'idempotency-key': crypto.randomUUID(), ...onBehalf },
      body: { activityId: 'apply', data: { ...sampleData(service, 'apply'), photo: [{ id: up.id, name: 'fault.png' }] } },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [row] = await ctx.database.db.select().from(attachments).where(eq(attachments.id, up.id));
    expect(row).toMatchObject({ requestId: (filed.json() as { id: string }).id, ownerId: A.userId });
    const file = await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: A.session });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('a repeated upload with the same Idempotency-Key answers the first answer and keeps one file', async () => {
    const key = crypto.randomUUID();
    const first = await upload(PDF, { as: A.session, headers: { 'idempotency-key': key } });
    const again = await upload(PDF, { as: A.session, headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, (first.json() as { id: string }).id));
    expect(rows).toHaveLength(1);
  });

  it('the same Idempotency-Key with other bytes is IDEMPOTENCY_KEY_REUSED, and keeps nothing of them', async () => {
    const key = crypto.randomUUID();
    const other = Buffer.concat([PDF, Buffer.from('% another file\n')]);
    const first = await upload(PDF, { as: A.session, headers: { 'idempotency-key': key } });
    expect(first.statusCode, first.body).toBe(201);
    const before = storedFiles().length;
    // Same route, field, name and length header set: only the bytes differ.
    expectError(await upload(other, { as: A.session, headers: { 'idempotency-key': key } }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(storedFiles().length).toBe(before);
    const again = await upload(PDF, { as: A.session, headers: { 'idempotency-key': key } });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('a repeat of a stored upload is answered even when the field is full with it (the count comes after the key)', async () => {
    const C = await signUpVerified(ctx);
    const key = crypto.randomUUID();
    const first = await upload(PNG, {
      as: C.session,
      field: 'frontPhoto',
      name: 'front.png',
      headers: { 'idempotency-key': key },
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(PNG, {
      as: C.session,
      field: 'frontPhoto',
      name: 'front.png',
      headers: { 'idempotency-key': key },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});

describe('stored names', () => {
  it('take the extension of the type read from the bytes: evil.html holding a PNG is evil.html.png, an attachment', async () => {
    const res = await upload(PNG, { as: A.session, field: 'documents', name: 'evil.html' });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json() as { id: string; name: string; mime: string };
    expect(up).toMatchObject({ name: 'evil.html.png', mime: 'image/png' });
    const [row] = await ctx.database.db.select().from(attachments).where(eq(attachments.id, up.id));
    expect(row!.originalName).toBe('evil.html.png');
    const file = await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: A.session });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="evil.html.png"; filename*=UTF-8''evil.html.png`);
    // A name that already ends with one of the type's extensions, in any case, is kept as sent.
    const kept = await upload(PNG, { as: B.session, field: 'documents', name: 'Scan.PNG' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect((kept.json() as { name: string }).name).toBe('Scan.PNG');
  });

  it("a file stored before keeps its row, and is shown and served with its type's extension", async () => {
    const D = await signUpVerified(ctx);
    const res = await upload(PDF, { as: D.session, name: 'old.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json() as { id: string };
    await ctx.database.db.update(attachments).set({ originalName: 'old.html' }).where(eq(attachments.id, up.id));
    const file = await call(ctx, 'GET', `/api/attachments/${up.id}`, { as: D.session });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="old.html.pdf"; filename*=UTF-8''old.html.pdf`);
  });
});
