import { users } from '../server/db/schema.ts';
import { buildTestApp } from '../server/test/test-app.ts';

/**
 * Forgot-password timing, existing vs unknown account (issue 9): the answer must not tell them apart. Runs the
 * route on an in-memory database, alternating the two kinds of request, and prints the medians.
 * `node --import tsx bench/forgot-timing.ts [tries]`
 */
const tries = Number(process.argv[2] ?? 40);
const ctx = await buildTestApp({}, { demoUsers: false });
const db = ctx.database.db;
for (let i = 0; i < tries; i++) {
  await db.insert(users).values({
    id: `bench-${i}`,
    number: 900_000 + i,
    userSlug: 'citizen',
    username: `bench${i}`,
    email: `bench${i}@example.com`,
    emailVerified: true,
    mobile: `0109${String(i).padStart(7, '0')}`,
    mobileVerified: true,
    nationalId: `2900101${String(i).padStart(7, '0')}`,
    passwordHash: 'x',
    firstName: 'B',
    lastName: 'C',
  });
}
const time = async (identifier: string, channel: 'sms' | 'email', ip: string): Promise<number> => {
  const t = process.hrtime.bigint();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/citizen/forgetPassword',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'x' },
    payload: JSON.stringify({ identifier, channel }),
  });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (res.statusCode !== 200) throw new Error(res.body);
  return ms;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const channel of ['sms', 'email'] as const) {
  const known: number[] = [];
  const unknown: number[] = [];
  // Warm-up.
  await time(`warm-${channel}`, channel, '10.9.9.9');
  for (let i = 0; i < tries; i++) {
    const ip = `10.8.${i >> 8}.${i & 255}`;
    known.push(await time(channel === 'sms' ? `0109${String(i).padStart(7, '0')}` : `bench${i}@example.com`, channel, ip));
    unknown.push(await time(channel === 'sms' ? `0108${String(i).padStart(7, '0')}` : `nobody${i}@example.com`, channel, ip));
  }
  console.log(
    `${channel}: existing ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms (median of ${tries})`,
  );
}
await ctx.close();
