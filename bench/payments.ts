import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { bills, meters, paymentItems, payments, users } from '../server/db/schema.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { seedDatabase, seedIdentity } from '../server/seed/seed.ts';
import { paymobHmac } from '../server/domain/payments/gateways/paymob-hmac.ts';
import { benchDatabaseUrl, waitFor } from './support.ts';

/**
 * `npm run bench:payments`: gateway callbacks per second, signature verification included (decision 027), on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL: a scratch database is made and dropped), the server in
 * production mode. BENCH_PAYMENTS payments (default 20,000) of one bill each wait for their gateway; autocannon
 * (20 connections, as fast as they are answered, BENCH_SECONDS each) then posts:
 *   1. first callbacks: each a new, correctly signed "succeeded" for a different payment (verify, record, lock,
 *      pay the bill, notify: one transaction);
 *   2. repeats of callbacks already applied (verify, the unique key refuses the record: nothing else);
 *   3. forged callbacks (a wrong HMAC: verify, keep the unverified payload, answer 401).
 */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4413);
const SECRET = 'bench-sandbox-secret-0123456789abcdef';
const dbUrl = benchDatabaseUrl('bench:payments');

function callback(p: { merchantReference: string; orderId: string; total: number }, txn: number, secret = SECRET) {
  const obj = {
    id: txn,
    amount_cents: p.total,
    created_at: '2026-11-25T10:00:00.000000',
    currency: 'EGP',
    error_occured: false,
    has_parent_transaction: false,
    integration_id: 0,
    is_3d_secure: true,
    is_auth: false,
    is_capture: false,
    is_refunded: false,
    is_standalone_payment: true,
    is_voided: false,
    order: { id: p.orderId, merchant_order_id: p.merchantReference },
    owner: 0,
    pending: false,
    source_data: { pan: '4242', sub_type: 'Visa', type: 'card' },
    success: true,
  };
  return {
    path: `/api/payments/callbacks/sandbox?hmac=${paymobHmac(obj, secret)}`,
    body: JSON.stringify({ type: 'TRANSACTION', obj }),
  };
}

const scratch = await createScratchDatabase(dbUrl, 'kahraba_bench_pay');
const database = await openDatabase({ driver: 'postgres', url: scratch.url, poolMax: 4 });
let server: ReturnType<typeof spawn> | undefined;
try {
  await database.migrate();
  await seedDatabase(database.db);
  await seedIdentity(database.db, { employeeSlugs: ['employee'], demo: false });
  await database.db.insert(users).values({
    id: 'bench-payer',
    number: sql`nextval('user_number_seq')`,
    userSlug: 'citizen',
    username: 'benchpayer',
    email: 'payer@example.com',
    mobile: '01000000001',
    nationalId: '29001010100015',
    firstName: 'منى',
    lastName: 'حسن',
    emailVerified: true,
    mobileVerified: true,
  });
  const targets: { merchantReference: string; orderId: string; total: number }[] = [];
  for (let start = 0; start < PAYMENTS; start += 1000) {
    const n = Math.min(1000, PAYMENTS - start);
    const rows = Array.from({ length: n }, (_, i) => {
      const k = start + i;
      return { k, meterId: `bm-${k}`, billId: `bb-${k}`, paymentId: crypto.randomUUID(), total: 10_000 + (k % 5000) };
    });
    await database.db.insert(meters).values(
      rows.map((r) => ({
        id: r.meterId,
        ownerId: 'bench-payer',
        number: `9${String(r.k).padStart(9, '0')}`,
        type: 'single_phase',
        ownerName: 'Bench',
        ownerNationalId: '29001010100015',
        address: '1 Nile Street',
        connectionType: 'residential',
        status: 'approved' as const,
      })),
    );
    await database.db.insert(bills).values(
      rows.map((r) => ({
        id: r.billId,
        number: `BB-${r.k}`,
        meterId: r.meterId,
        period: '2026-10',
        consumption: 100,
        amountPiastres: r.total - 100,
        issuedAt: new Date(),
        dueAt: new Date(),
      })),
    );
    await database.db.insert(payments).values(
      rows.map((r) => ({
        id: r.paymentId,
        payerId: 'bench-payer',
        purpose: 'bills' as const,
        gateway: 'sandbox' as const,
        channel: 'card' as const,
        billsTotalPiastres: r.total - 100,
        serviceFeePiastres: 100,
        totalPiastres: r.total,
        merchantReference: `BENCH${r.k}`,
        gatewayOrderId: `sbx-${r.k}`,
      })),
    );
    await database.db
      .insert(paymentItems)
      .values(rows.map((r) => ({ paymentId: r.paymentId, billId: r.billId, amountPiastres: r.total - 100 })));
    for (const r of rows) targets.push({ merchantReference: `BENCH${r.k}`, orderId: `sbx-${r.k}`, total: r.total });
  }
  await database.db.execute(sql`vacuum analyze`);

  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      EMPLOYEE_PORT: '0',
      AGENT_PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATABASE_URL: scratch.url,
      DEMO_MODE: 'false',
      DIST_DIR: './dist-bench-none',
      SANDBOX_GATEWAY_SECRET: SECRET,
      // One load generator's address sends every callback: measured with the limit's counting, not its refusals.
      RATE_LIMIT_FACTOR: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  await waitFor(`${base}/readyz`);

  const firsts = targets.map((t, i) => callback(t, 1_000_000 + i));
  let next = 0;
  const run = (label: string, pick: () => { path: string; body: string }) =>
    autocannon({
      url: base,
      connections: 20,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const c = pick();
            return { ...req, path: c.path, body: c.body, headers: { 'content-type': 'application/json' } };
          },
        },
      ],
    }).then((r) => ({ label, r }));

  const results = [];
  results.push(
    await run('first callbacks (verify + record + pay the bill)', () => {
      const c = firsts[next % firsts.length]!;
      next++;
      return c;
    }),
  );
  const applied = Math.min(next, firsts.length);
  let again = 0;
  results.push(await run('repeated callbacks (verify + de-duplicated)', () => firsts[again++ % applied]!));
  let forged = 0;
  const forgedOf = targets.slice(0, 2000).map((t, i) => callback(t, 5_000_000 + i, 'not-the-secret'));
  results.push(await run('forged callbacks (verify fails: 401)', () => forgedOf[forged++ % forgedOf.length]!));

  const count = async (q: ReturnType<typeof sql>) =>
    Number(((await database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const paidBills = await count(sql`select count(*)::int as n from bills where status = 'paid'`);
  const succeeded = await count(sql`select count(*)::int as n from payments where status = 'succeeded'`);
  const doubly = await count(sql`select count(*)::int as n from bills where status = 'paid' and version > 2`);

  console.log(
    `\nKahraba payment callbacks benchmark — ${os.cpus().length} cores, PostgreSQL, 20 connections, ${SECONDS} s each\n`,
  );
  console.log('| case | requests/s | p50 (ms) | p99 (ms) | max (ms) | 2xx | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { label, r } of results)
    console.log(
      `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r['2xx']} | ${r.non2xx} | ${r.errors} |`,
    );
  console.log(`\nPayments succeeded: ${succeeded}; bills paid: ${paidBills}; bills changed more than once: ${doubly}`);
  console.log(
    `Machine load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (next > firsts.length) console.log(`(the first case wrapped around its ${firsts.length} payments: raise BENCH_PAYMENTS)`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((res) => setTimeout(res, 1500));
  await database.close();
  await scratch.drop();
}
