import { it } from 'vitest';
import { buildTestApp } from './test/test-app.ts';
import { directSession } from './test/identity-helpers.ts';
import { submit } from './test/request-helpers.ts';

it('times submissions', async () => {
  const ctx = await buildTestApp({}, { demoUsers: true });
  const as = await directSession(ctx, 'demo-citizen');
  for (const slug of ['FAULTS_COMPLAINTS', 'STREET_LIGHTING', 'CODEMETER']) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const r = await submit(ctx, slug, { as });
      times.push(performance.now() - t);
      if (r.statusCode !== 201) throw new Error(r.body);
    }
    times.sort((a, b) => a - b);
    console.log(slug, 'p50', times[15]!.toFixed(1), 'max', times[29]!.toFixed(1), 'first', times.join(',').slice(0, 0));
  }
  await ctx.close();
}, 120_000);
