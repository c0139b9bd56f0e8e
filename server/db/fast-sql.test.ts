import { and, asc, desc, eq, inArray, isNull, lte, or, sql, SQL } from 'drizzle-orm';
import { alias, PgDialect, pgEnum } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';
import { attachments, idempotencyKeys, outboxMessages, requests, sessions, users, userTypes } from './schema.ts';
import { drizzleBuild, installFastSql } from './fast-sql.ts';

/*
 * The fast SQL text building (decision 047) gives what Drizzle's own gives: the same text, parameters and typings,
 * for statements of every kind of chunk the server uses. Nothing here talks to a database (the pool never connects).
 */
const db = drizzle(new pg.Pool({ max: 1 }), { schema });
const dialect = new PgDialect();
const proto = SQL.prototype as unknown as { buildQueryFromSourceParams: unknown };

/** The statement built by Drizzle's own function and by the installed one. */
function both(q: { getSQL(): SQL }) {
  const fast = proto.buildQueryFromSourceParams;
  proto.buildQueryFromSourceParams = drizzleBuild();
  let theirs;
  try {
    theirs = dialect.sqlToQuery(q.getSQL());
  } finally {
    proto.buildQueryFromSourceParams = fast;
  }
  return { mine: dialect.sqlToQuery(q.getSQL()), theirs };
}

const when = new Date('2026-11-27T10:00:00.000Z');
const other = alias(users, 'other');
const mood = pgEnum('mood', ['ok', 'not']);

const statements: Record<string, { getSQL(): SQL }> = {
  'select with joins, where, order and limit': db
    .select({ s: sessions, u: users, kind: userTypes.kind })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userTypes, eq(userTypes.userSlug, users.userSlug))
    .where(and(eq(sessions.tokenHash, 'abc'), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.createdAt), asc(sessions.tokenHash))
    .limit(1),
  'insert of many columns, jsonb and timestamps, on conflict, returning': db
    .insert(idempotencyKeys)
    .values({ scope: 'user:1', keyHash: 'h', route: 'POST /x', fingerprint: 'f', leaseUntil: when })
    .onConflictDoNothing()
    .returning({ scope: idempotencyKeys.scope }),
  'insert of several rows': db.insert(outboxMessages).values([
    { channel: 'email', recipient: 'a@example.com', subject: 's', body: 'b', html: '<p>b</p>', dedupeKey: null },
    { channel: 'sms', recipient: '0100', subject: null, body: 'b', html: null, dedupeKey: 'k' },
  ]),
  'update with sql in set, in-list, or': db
    .update(attachments)
    .set({ requestId: 'r', ownerId: null })
    .where(or(inArray(attachments.id, ['a', 'b', 'c']), lte(attachments.createdAt, when))),
  'delete returning': db.delete(outboxMessages).where(eq(outboxMessages.id, 3)).returning({ id: outboxMessages.id }),
  'an aliased table': db.select({ a: users.id, b: other.id }).from(users).innerJoin(other, eq(other.id, users.id)),
  'a subquery and a with': (() => {
    const recent = db.$with('recent').as(db.select({ id: requests.id }).from(requests).limit(5));
    const sq = db.select({ id: users.id }).from(users).as('sq');
    return db.with(recent).select({ id: sq.id }).from(sq);
  })(),
  'raw text, identifiers, placeholders, nested sql, arrays, enums, inline params': {
    getSQL: () =>
      sql`with ${sql.raw('w0')} as ${db.insert(outboxMessages).values({ channel: 'sms', recipient: 'x', body: 'y' })}
          select ${sql.identifier('a b')}, ${sql.placeholder('p')}, ${[1, 2, 3]}, ${mood}, ${sql`${'inline'}`.inlineParams()},
          ${sql.join([sql`1`, sql`${2}`, sql`${when.toISOString()}::timestamptz`], sql`, `)}, ${sql`${{ a: 1 }}`.as('j')}`,
  },
  'a data-modifying statement with a case of refusals': {
    getSQL: () =>
      sql`with n as ${db
        .update(requests)
        .set({ version: sql`${requests.version} + 1` })
        .where(eq(requests.id, 'r'))
        .returning({ v: requests.version })}
          select case when not pg_try_advisory_xact_lock(hashtextextended(${'k'}, 0)) then kahraba_refuse('DUPLICATE_REQUEST') else true end as ok`,
  },
};

describe('fast SQL text building', () => {
  it('is installed on this Drizzle version', () => {
    expect(installFastSql()).toBe(true);
    expect(proto.buildQueryFromSourceParams).not.toBe(drizzleBuild());
  });

  for (const [name, q] of Object.entries(statements)) {
    it(`builds what Drizzle builds: ${name}`, () => {
      const { mine, theirs } = both(q);
      expect(theirs.sql.length).toBeGreaterThan(10);
      expect(mine).toEqual(theirs);
    });
  }
});
