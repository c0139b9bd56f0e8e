import crypto from 'node:crypto';
import { sql, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../server/db/schema.ts';
import { idempotencyKeys, outboxMessages, requests, sessions, users, userTypes } from '../server/db/schema.ts';
import { drizzleBuild, installFastSql } from '../server/db/fast-sql.ts';
import { eq } from 'drizzle-orm';

/**
 * `node --import tsx bench/sql-build.ts`: the CPU time of turning a submission's statements into text, Drizzle's
 * own builder against `server/db/fast-sql.ts` (decision 047), in turn, in one process (no database: the pool never
 * connects). A ratio measured in one process, so the machine's load weighs on both alike.
 */
const N = Number(process.env.BENCH_N ?? 3000);
installFastSql();
const db = drizzle(new pg.Pool({ max: 1 }), { schema });
const dialect = new PgDialect();
const proto = SQL.prototype as unknown as { buildQueryFromSourceParams: unknown };
const fast = proto.buildQueryFromSourceParams;

/** A statement shaped like a submission's big write (decision 046): a request row, messages, a completed key. */
function bigWrite(): SQL {
  const now = new Date();
  const id = crypto.randomUUID();
  const request = db.insert(requests).values({
    id,
    number: 'FAULTS_COMPLAINTS-2026-000123',
    serviceId: 's',
    serviceSlug: 'FAULTS_COMPLAINTS',
    serviceVersion: 1,
    activityId: 'apply',
    status: 'NEW',
    stage: 'RECEIVED',
    ownerId: 'u',
    ownerTokenHash: null,
    applicantName: 'منى حسن',
    nationalId: '29001010100015',
    data: { a: 'text', b: [1, 2, 3], c: { d: 'e' } },
    history: [],
    clientHooksData: {},
    escalated: false,
    escalatedAt: null,
    assignee: null,
    assignedCompanyId: null,
    companyId: null,
    sectorId: null,
    serviceCenterId: null,
    citizenCommentAt: null,
    searchValues: ['x', 'y'],
    filedById: null,
    version: 1,
    paymentTotalPiastres: null,
    lang: 'ar',
    actionDate: null,
    createdAt: now,
    updatedAt: now,
  } as never);
  const outbox = db.insert(outboxMessages).values([
    { channel: 'email', recipient: 'a@example.com', subject: 'Submitted', body: 'Your request', html: '<p>Your request</p>' },
    { channel: 'sms', recipient: '01000000000', subject: null, body: 'Your request', html: null },
  ]);
  const done = db
    .update(idempotencyKeys)
    .set({ inFlight: false, responseStatus: 201, response: 'sealed', completedAt: now })
    .where(eq(idempotencyKeys.keyHash, 'k'))
    .returning({ k: idempotencyKeys.keyHash });
  return sql`with w0 as ${request}, w1 as ${outbox}, done as ${done}
    select case when not pg_try_advisory_xact_lock(hashtextextended(${`submit:u:${id}`}, 0)) then kahraba_refuse('DUPLICATE_REQUEST')
    when not exists (select 1 from done) then kahraba_refuse('IDEMPOTENCY_KEY_IN_FLIGHT') else true end as ok`;
}

/** The session lookup as it was built on every call before decision 047. */
const sessionLookup = () =>
  db
    .select({ s: sessions, u: users, kind: userTypes.kind })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userTypes, eq(userTypes.userSlug, users.userSlug))
    .where(eq(sessions.tokenHash, 'h'))
    .limit(1)
    .getSQL();

function cpuMsOf(builder: unknown, make: () => SQL): number {
  proto.buildQueryFromSourceParams = builder;
  const start = process.cpuUsage();
  let length = 0;
  for (let i = 0; i < N; i++) length += dialect.sqlToQuery(make()).sql.length;
  const used = process.cpuUsage(start);
  if (length === 0) throw new Error('nothing built');
  return (used.user + used.system) / 1000;
}

for (const [name, make] of [
  ['the big write of a submission', bigWrite],
  ['the session lookup', sessionLookup],
] as const) {
  // Warm both up, then three rounds in turn.
  cpuMsOf(drizzleBuild(), make);
  cpuMsOf(fast, make);
  const rounds: [number, number][] = [];
  for (let r = 0; r < 3; r++) rounds.push([cpuMsOf(drizzleBuild(), make), cpuMsOf(fast, make)]);
  const per = (ms: number) => ((ms / N) * 1000).toFixed(0);
  console.log(
    `${name}: ${rounds.map(([d, f]) => `Drizzle ${per(d)} µs, fast-sql ${per(f)} µs`).join('; ')} (CPU per statement built, making it included)`,
  );
}
proto.buildQueryFromSourceParams = fast;
process.exit(0);
