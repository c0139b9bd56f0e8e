import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TDocumentRef } from '../../../contract/requests.ts';
import type { TPaymentStart } from '../../../contract/payments.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import { issueOpsToken } from '../../routes/ops.ts';
import { call, freshIp, signUpVerified, type Session, type SignedUp } from '../../test/identity-helpers.ts';
import { newBill, newMeter, payBillsCall, sandboxPay } from '../../test/payment-helpers.ts';
import { submit } from '../../test/request-helpers.ts';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { storageFromConfig, type FileStorage } from '../storage/index.ts';
import { BackupRefused, readManifest, restoreBackup, type BackupManifest } from './backup.ts';
import { backupTo, parsePlace, restoreFrom, type Place } from './places.ts';

/*
 * Backups that restore (decision 072), on the test run's database (PGlite, or PostgreSQL with TEST_DB_DRIVER):
 * a portal with a request, an upload, a paid bill and its receipt (drawn, so its PDF is kept) is backed up while it
 * runs, restored into an empty database, and the restored portal has the same rows, the same files byte for byte,
 * its QR codes still verify and its sessions still open. Files and backups on disk, and on an S3 store (s3rver).
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-backup-test-'));
let s3server: S3rver;
let s3Env: Record<string, string>;

const PDF = Buffer.from(
  `%PDF-1.4\n% ${crypto.randomBytes(24).toString('hex')}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3rver'),
    configureBuckets: [{ name: 'files-a' }, { name: 'files-b' }, { name: 'backups' }],
  });
  const { port } = await s3server.run();
  s3Env = { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
});
afterAll(async () => {
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

/** Every row of every table, as PostgreSQL writes it in JSON, sorted: two databases with the same data agree. */
async function everything(db: Db, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables)
    out[t] = rowsOf<{ j: string }>(await db.execute(sql.raw(`select row_to_json(x)::text as j from public."${t}" x`)))
      .map((r) => r.j)
      .sort();
  return out;
}

const bytesOf = async (storage: FileStorage, key: string): Promise<Buffer> =>
  Buffer.concat(await (await storage.get(key)).toArray());

type Kind = 'disk' | 's3';

describe.each<Kind>(['disk', 's3'])('a backup on %s', (kind) => {
  const filesEnv = (side: 'a' | 'b'): Record<string, string> => (kind === 's3' ? { ...s3Env, S3_BUCKET: `files-${side}` } : {});
  const place: Place = kind === 's3' ? parsePlace('s3://backups/nightly') : parsePlace(path.join(tmp, 'backups'));
  let source: TestApp;
  let citizen: SignedUp & { session: Session };
  let receipt: TDocumentRef;
  let receiptPdf: Buffer;
  let requestId: string;
  let location: string;
  let manifest: BackupManifest;
  let target: { database: Database; drop: () => Promise<void> };
  let restored: FastifyInstance;
  /** The source's rows as backed up (later calls to it write: sessions, rate-limit windows on PostgreSQL). */
  let expected: Record<string, string[]>;

  beforeAll(async () => {
    source = await buildTestApp(
      { DATA_DIR: path.join(tmp, `${kind}-a`), LOG_LEVEL: 'error', ...filesEnv('a') },
      { demoUsers: true },
    );
    citizen = await signUpVerified(source);
    // A request, an upload, a paid bill whose receipt is drawn (kept in the storage).
    const filed = await submit(source, 'CODEMETER', { as: citizen.session });
    expect(filed.statusCode, filed.body).toBe(201);
    requestId = (filed.json() as { id: string }).id;
    const up = await source.app.inject({
      method: 'POST',
      url: '/api/requests/CODEMETER/attachments',
      remoteAddress: freshIp(),
      headers: {
        cookie: citizen.session.cookie,
        'x-csrf-token': citizen.session.csrf,
        'content-type': 'application/octet-stream',
        'x-activity-id': 'apply',
        'x-field-id': 'documents',
        'x-file-name': encodeURIComponent('عقد الإيجار.pdf'),
        'idempotency-key': crypto.randomUUID(),
      },
      payload: PDF,
    });
    expect(up.statusCode, up.body).toBe(201);
    const meterId = await newMeter(source, citizen.userId);
    const billId = await newBill(source, meterId, '2026-09', 23_450);
    const pay = await payBillsCall(source, citizen.session, [billId]);
    expect(pay.statusCode, pay.body).toBe(201);
    const paymentId = (pay.json() as TPaymentStart).payment.id;
    expect((await sandboxPay(source, paymentId, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    const papers = (await call(source, 'GET', '/api/documents?limit=50', { as: citizen.session })).json() as {
      items: TDocumentRef[];
    };
    receipt = papers.items.find((d) => d.paymentId === paymentId && d.kind === 'paymentReceipt')!;
    expect(receipt?.verifyUrl).toBeTruthy();
    const pdf = await call(source, 'GET', `/api/documents/${receipt.id}/pdf?lang=ar`, { as: citizen.session });
    expect(pdf.statusCode).toBe(200);
    receiptPdf = pdf.rawPayload;

    // Backed up while it runs.
    ({ location, manifest } = await backupTo(place, {
      database: source.database,
      storage: source.app.deps.storage,
      appVersion: '9.5.2',
      env: s3Env,
    }));
    expected = await everything(
      source.database.db,
      manifest.tables.map((t) => t.name),
    );

    // Restored into an empty database (no migrations, no rows) and another storage.
    target = await createTestDatabase('empty');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DIST_DIR: './dist-test-none',
      DATA_DIR: path.join(tmp, `${kind}-b`),
      ...filesEnv('b'),
    });
    const done = await restoreFrom(parsePlace(location), {
      database: target.database,
      storage: storageFromConfig(config),
      env: s3Env,
    });
    expect(done.rows).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0));
    restored = await buildApp(config, { database: target.database });
    await restored.ready();
  });
  afterAll(async () => {
    await restored?.close();
    await target?.drop();
    await source?.close();
  });

  it('writes a manifest: the schema, each table with its rows and checksum, and the files', () => {
    expect(manifest.schema.migrations).toBeGreaterThan(20);
    expect(manifest.tables.find((t) => t.name === 'requests')?.rows).toBeGreaterThan(0);
    expect(manifest.tables.find((t) => t.name === 'payments')?.rows).toBeGreaterThan(0);
    for (const t of manifest.tables) expect(t.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The upload and the receipt's kept PDF, by their checksums.
    const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
    expect(manifest.files.map((f) => f.sha256)).toEqual(expect.arrayContaining([sha(PDF), sha(receiptPdf)]));
    expect(manifest.missing).toEqual([]);
    expect(location).toMatch(kind === 's3' ? /^s3:\/\/backups\/nightly\/kahraba-/ : /kahraba-\d{4}-/);
  });

  it('restores the same rows in every table', async () => {
    expect(await everything(target.database.db, Object.keys(expected))).toEqual(expected);
  });

  it('restores the files byte for byte', async () => {
    for (const f of manifest.files)
      expect((await bytesOf(restored.deps.storage, f.key)).equals(await bytesOf(source.app.deps.storage, f.key))).toBe(true);
  });

  it('serves the restored portal: the session still opens, the kept PDF is the same, the QR code still verifies', async () => {
    const ctx = { app: restored } as unknown as TestApp;
    const papers = await call(ctx, 'GET', '/api/documents?limit=50', { as: citizen.session });
    expect(papers.statusCode).toBe(200);
    expect((papers.json() as { items: TDocumentRef[] }).items.map((d) => d.id)).toContain(receipt.id);
    const pdf = await call(ctx, 'GET', `/api/documents/${receipt.id}/pdf?lang=ar`, { as: citizen.session });
    expect(pdf.rawPayload.equals(receiptPdf)).toBe(true);
    const secret = new URL(receipt.verifyUrl!).searchParams.get('secret')!;
    const qr = (app: TestApp) =>
      call(app, 'POST', '/api/tasks/runTasks', { body: { taskIds: ['GetDocumentFromQr'], token: secret } });
    const there = await qr(ctx);
    expect(there.statusCode, there.body).toBe(200);
    expect(there.json()).toHaveProperty('GetDocumentFromQr.payment');
    expect(there.json()).toEqual((await qr(source)).json());
    const mine = await call(ctx, 'GET', '/api/requests', { as: citizen.session });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { items: { id: string }[] }).items.map((r) => r.id)).toContain(requestId);
  });

  it('refuses to restore into a database that holds rows, unless forced', async () => {
    const storage = restored.deps.storage;
    await expect(restoreFrom(parsePlace(location), { database: target.database, storage, env: s3Env })).rejects.toThrow(
      /not empty.*--force/,
    );
    const again = await restoreFrom(parsePlace(location), { database: target.database, storage, env: s3Env, force: true });
    expect(again.tables).toBe(manifest.tables.length);
    expect(await everything(target.database.db, Object.keys(expected))).toEqual(expected);
  });
});

describe('a backup that must not be restored', () => {
  let source: TestApp;
  let dir: string;
  let target: { database: Database; drop: () => Promise<void> };
  beforeAll(async () => {
    source = await buildTestApp({ DATA_DIR: path.join(tmp, 'refusals'), LOG_LEVEL: 'error' });
    ({ location: dir } = await backupTo(parsePlace(path.join(tmp, 'refusals-backups')), {
      database: source.database,
      storage: source.app.deps.storage,
    }));
    target = await createTestDatabase('empty');
  });
  afterAll(async () => {
    await target?.drop();
    await source?.close();
  });

  const copyWith = (change: (m: BackupManifest) => void): string => {
    const copy = path.join(tmp, `changed-${crypto.randomUUID()}`);
    fs.cpSync(dir, copy, { recursive: true });
    const m = JSON.parse(fs.readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as BackupManifest;
    change(m);
    fs.writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(m));
    return copy;
  };

  it('refuses a backup of a newer schema, saying so', async () => {
    const newer = copyWith((m) => {
      m.schema.migrations += 1;
      m.schema.last = '0099_from_the_future';
      m.appVersion = '99.0.0';
    });
    await expect(readManifest(newer)).rejects.toThrow(/newer database schema \(migration 0099_from_the_future.*99\.0\.0/);
    const storage = source.app.deps.storage;
    await expect(restoreBackup(target.database, storage, newer)).rejects.toBeInstanceOf(BackupRefused);
  });

  it('refuses a damaged backup before touching the database', async () => {
    const damaged = copyWith(() => undefined);
    const m = await readManifest(damaged);
    fs.appendFileSync(path.join(damaged, m.tables[0]!.file), 'x');
    await expect(restoreBackup(target.database, source.app.deps.storage, damaged)).rejects.toThrow(/damaged/);
    const [row] = rowsOf<{ n: number }>(
      await target.database.db.execute(sql.raw(`select count(*)::int as n from pg_tables where schemaname = 'public'`)),
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('is not a backup without its manifest', async () => {
    await expect(readManifest(path.join(tmp, 'nowhere'))).rejects.toThrow(/no readable manifest/);
  });

  it('backs up a running portal through its operator route: this machine with the token only', async () => {
    const token = issueOpsToken(source.app);
    const to = path.join(tmp, 'through-the-portal');
    const ask = (o: { auth?: string; ip?: string; body?: unknown }) =>
      source.app.inject({
        method: 'POST',
        url: '/ops/backup',
        remoteAddress: o.ip ?? '127.0.0.1',
        headers: { 'content-type': 'application/json', ...(o.auth ? { authorization: o.auth } : {}) },
        payload: JSON.stringify(o.body ?? { to }),
      });
    expect((await ask({})).statusCode).toBe(404);
    expect((await ask({ auth: 'Bearer nope' })).statusCode).toBe(404);
    expect((await ask({ auth: `Bearer ${token}`, ip: '203.0.113.9' })).statusCode).toBe(404);
    const bad = await ask({ auth: `Bearer ${token}`, body: { to: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT' });
    // Bad input from the operator is a coded answer, never a 500.
    for (const body of [{}, { to: '' }, { to: null }, { to: ['x'] }, { to: 'x'.repeat(1001) }])
      expect((await ask({ auth: `Bearer ${token}`, body })).json()).toMatchObject({ code: 'INVALID_INPUT' });
    for (const to of ['ftp://example.com/x', '/proc/version/not-a-folder'])
      expect((await ask({ auth: `Bearer ${token}`, body: { to } })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const malformed = await source.app.inject({
      method: 'POST',
      url: '/ops/backup',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{"to": ',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await ask({ auth: `Bearer ${token}`, body: { to: 'x'.repeat(5000) } });
    expect(huge.statusCode).toBe(413);
    const res = await ask({ auth: `Bearer ${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const { location } = res.json() as { location: string };
    expect(location.startsWith(to)).toBe(true);
    expect((await readManifest(location)).tables.length).toBeGreaterThan(10);
  });
});
