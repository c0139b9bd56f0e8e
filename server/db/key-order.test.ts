import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { citizenSchema } from '../seed/data/users.ts';
import { services } from '../seed/data/catalog.ts';

/** Field schemas are ordered records: the form shows fields in key order, so the database must keep it. */
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const fieldOrder = (s: { activities?: { steps?: { fieldsSchema?: object }[] }[] }) =>
  (s.activities ?? []).flatMap((a) => (a.steps ?? []).map((st) => Object.keys(st.fieldsSchema ?? {})));

describe('field order survives the database', () => {
  it('the registration form comes back in the order it was written', async () => {
    const filter = encodeURIComponent(JSON.stringify({ where: { registration: true } }));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/dynamic_users/findOne?filter=${filter}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { schema: object }).schema)).toEqual(Object.keys(citizenSchema));
  });

  it("a service's form fields come back in the order they were written", async () => {
    const withFields = services.filter((s) => fieldOrder(s).some((keys) => keys.length > 2));
    expect(withFields.length).toBeGreaterThan(0);
    for (const s of withFields.slice(0, 5)) {
      const filter = encodeURIComponent(JSON.stringify({ where: { serviceSlug: s.serviceSlug } }));
      const res = await ctx.app.inject({ method: 'GET', url: `/api/dynamic_services/findOne?filter=${filter}` });
      expect(res.statusCode).toBe(200);
      expect(fieldOrder(res.json()), s.serviceSlug).toEqual(fieldOrder(s));
    }
  });
});
