import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TService } from '../contract/catalog.ts';
import { services } from '../server/seed/data/catalog.ts';
import { sampleData } from '../server/seed/sample-data.ts';
import { waitFor } from './support.ts';

/**
 * `npm run bench:pdf` (issue 21 part 3, decision 037): what four anonymous receipt-PDF loops do to another route.
 * Starts the server in production mode on a fresh embedded database (or BENCH_DATABASE_URL's PostgreSQL), files
 * four anonymous complaints (anyone may: each loop is its own visitor, own address and owner token), then measures
 * `GET /api/news` one request at a time: alone, then while the four loops download their receipt as fast as the
 * server answers. Prints p50 and p99 of the news and what the loops got (200s, 429s).
 *
 * BENCH_APP_DIR runs another checkout's server (its `server/main.ts`), to compare with the code before the change.
 */
const PORT = Number(process.env.BENCH_PORT ?? 4397);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const LOOPS = 4;
const appDir = path.resolve(process.env.BENCH_APP_DIR ?? '.');
const base = `http://127.0.0.1:${PORT}`;
const complaints = services.find((s) => s.serviceSlug === 'FAULTS_COMPLAINTS') as unknown as TService;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0) * 10) / 10;
};

async function newsLatencies(): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/news`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/news answered ${res.status}`);
    out.push(performance.now() - t);
  }
  return out;
}

/** An anonymous complaint from its own address: its receipt's id and the owner token. */
async function fileComplaint(n: number): Promise<{ docId: string; token: string; ip: string }> {
  const ip = `203.0.113.${10 + n}`;
  const headers = {
    'content-type': 'application/json',
    'x-csrf-token': 'anonymous',
    'x-forwarded-for': ip,
    origin: base,
    'idempotency-key': crypto.randomUUID(),
  };
  const body = { activityId: 'apply', data: sampleData(complaints, 'apply') };
  const res = await fetch(`${base}/api/requests/FAULTS_COMPLAINTS`, { method: 'POST', headers, body: JSON.stringify(body) });
  const filed = (await res.json()) as { id?: string; ownerToken?: string; message?: string };
  if (!res.ok || !filed.id || !filed.ownerToken) throw new Error(`filing answered ${res.status}: ${JSON.stringify(filed)}`);
  const filter = encodeURIComponent(JSON.stringify({ where: { id: filed.id } }));
  const detail = await fetch(`${base}/api/requests/FAULTS_COMPLAINTS/findOne?filter=${filter}&withDocuments=true`, {
    headers: { 'request-owner-token': filed.ownerToken, 'x-forwarded-for': ip },
  });
  const { documents } = (await detail.json()) as { documents: { id: string }[] };
  return { docId: documents[0]!.id, token: filed.ownerToken, ip };
}

async function pdfLoop(doc: { docId: string; token: string; ip: string }, stop: { now: boolean }) {
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  while (!stop.now) {
    const t = performance.now();
    const res = await fetch(`${base}/api/documents/${doc.docId}/pdf?lang=ar`, {
      headers: { 'request-owner-token': doc.token, 'x-forwarded-for': doc.ip },
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  return { statuses, latencies };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-bench-pdf-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(appDir, 'server/main.ts')], {
  cwd: appDir,
  env: {
    ...process.env,
    PORT: String(PORT),
    EMPLOYEE_PORT: '0',
    AGENT_PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    TRUST_PROXY: 'true',
    // Demo mode refuses TRUST_PROXY (decision 038); the catalog is seeded on an empty database without it.
    DEMO_MODE: 'false',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitFor(`${base}/readyz`);
  await newsLatencies(); // warm-up: the catalog snapshot, the JIT
  const alone = await newsLatencies();
  const docs = await Promise.all(Array.from({ length: LOOPS }, (_, n) => fileComplaint(n)));
  const stop = { now: false };
  const loops = docs.map((d) => pdfLoop(d, stop));
  await new Promise((r) => setTimeout(r, 500));
  const loaded = await newsLatencies();
  stop.now = true;
  const results = await Promise.all(loops);
  const statuses: Record<number, number> = {};
  for (const r of results) for (const [s, n] of Object.entries(r.statuses)) statuses[Number(s)] = (statuses[Number(s)] ?? 0) + n;
  const pdfLatencies = results.flatMap((r) => r.latencies);
  console.log(
    `\nPDF loop — ${os.cpus().length} cores, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${appDir}, ${SAMPLES} sequential GET /api/news per phase\n`,
  );
  console.log('| GET /api/news | p50 (ms) | p99 (ms) |');
  console.log('|---|---:|---:|');
  console.log(`| alone | ${quantile(alone, 0.5)} | ${quantile(alone, 0.99)} |`);
  console.log(`| with ${LOOPS} anonymous receipt-PDF loops | ${quantile(loaded, 0.5)} | ${quantile(loaded, 0.99)} |`);
  console.log(
    `\nThe loops: ${pdfLatencies.length} downloads, answers ${JSON.stringify(statuses)}, p50 ${quantile(pdfLatencies, 0.5)} ms, p99 ${quantile(pdfLatencies, 0.99)} ms`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
