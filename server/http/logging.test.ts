import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errSerializer, requestIdOf } from './logging.ts';

describe('request ids', () => {
  it("keeps a client's plain x-request-id and replaces anything else with a fresh id", () => {
    expect(requestIdOf('abc-123_X.y')).toBe('abc-123_X.y');
    expect(requestIdOf('a'.repeat(64))).toBe('a'.repeat(64));
    const uuid = /^[0-9a-f-]{36}$/;
    for (const bad of ['a'.repeat(65), 'evil\nid', 'x y', '{"json":1}', '\u202Eabc', '', undefined, ['a', 'b']])
      expect(requestIdOf(bad as string | undefined)).toMatch(uuid);
  });
});

describe('error logging', () => {
  it('logs a failed query without its parameters or the values PostgreSQL quotes', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      detail: 'Key (email)=(mona@example.com) already exists.',
    });
    const err = new DrizzleQueryError(
      'insert into users (email, mobile) values ($1, $2)',
      ['mona@example.com', '01012345678'],
      cause,
    );
    const logged = JSON.stringify(errSerializer(err));
    expect(logged).toContain('insert into users');
    expect(logged).not.toContain('mona@example.com');
    expect(logged).not.toContain('01012345678');
  });
});
