import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsOf, type TCatalogServiceAdmin, type TServiceSettings } from '../../contract/catalog-admin.ts';
import type { TServicePage } from '../../contract/service-page.ts';
import { call, directSession, expectError, signUpVerified, type Session } from '../test/identity-helpers.ts';
import { listedServices, readServicePage, submit } from '../test/request-helpers.ts';
import { buildSecondTestApp, buildTestApp, testDriver, type TestApp } from '../test/test-app.ts';

/*
 * A change to a service reaching every process (issue 26, decisions 069 and 074): two apps on one PostgreSQL
 * database, each with its own pool, catalog snapshot and cached answers, as two processes of a scale-out
 * (decision 032). The manager's write goes through the first; the second has read the catalog before it and learns
 * of the change only by reloading its snapshot, which it does once CATALOG_CACHE_MS (small here) has passed. PGlite
 * is one process by design, so this runs on PostgreSQL only (TEST_DB_DRIVER=postgres).
 */

const CACHE_MS = 400;
const env = { CATALOG_CACHE_MS: String(CACHE_MS) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(testDriver() === 'postgres')('a change reaching another process', () => {
  let one: TestApp;
  let two: TestApp;
  let manager: Session;
  let citizen: Session;

  beforeAll(async () => {
    one = await buildTestApp(env, { demoUsers: true });
    two = await buildSecondTestApp(one, env);
    manager = await directSession(one, 'demo-manager');
    citizen = (await signUpVerified(one)).session;
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const base = '/api/staff/catalog/services/CCC';
  const settings = async (): Promise<TServiceSettings> => {
    const { service } = (await call(one, 'GET', base, { as: manager })).json() as TCatalogServiceAdmin;
    return { ...settingsOf(service), version: service.version };
  };
  const save = async (body: TServiceSettings) => {
    const res = await call(one, 'PUT', `${base}/settings`, { as: manager, body });
    expect(res.statusCode, res.body).toBe(200);
  };
  const pageIn = async (ctx: TestApp): Promise<TServicePage> => {
    const res = await readServicePage(ctx, 'CCC');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TServicePage;
  };
  const slugsIn = listedServices;

  it('a service switched off in one process is refused in the other once CATALOG_CACHE_MS has passed, and opens again', async () => {
    // The second process has the catalog in memory and takes requests.
    expect((await pageIn(two)).isActive).toBe(true);
    expect((await submit(two, 'CCC', { as: citizen })).statusCode).toBe(201);

    const off = await settings();
    off.deactivated = true;
    off.texts.ar.deactivationNote = 'متوقفة للصيانة';
    off.texts.en.deactivationNote = 'Closed for maintenance';
    await save(off);
    // The process that wrote it drops its snapshot at once.
    expectError(await submit(one, 'CCC', { as: citizen }), 409, 'SERVICE_UNAVAILABLE');

    // The other reloads its snapshot when it is older than the cache time: the page says why, a request is refused.
    await sleep(CACHE_MS);
    const page = await pageIn(two);
    expect(page).toMatchObject({ deactivated: true, isActive: false });
    expect(page.texts.deactivationNote).toBe('Closed for maintenance');
    expectError(await submit(two, 'CCC', { as: citizen }), 409, 'SERVICE_UNAVAILABLE');

    const on = await settings();
    on.deactivated = false;
    on.texts.ar.deactivationNote = '';
    on.texts.en.deactivationNote = '';
    await save(on);
    await sleep(CACHE_MS);
    expect((await pageIn(two)).isActive).toBe(true);
    expect((await submit(two, 'CCC', { as: citizen })).statusCode).toBe(201);
  });

  it("a service limited to companies leaves the other process's citizen catalog within the cache time", async () => {
    expect(await slugsIn(two, citizen)).toContain('CCC');
    await save({ ...(await settings()), userTypes: ['company'] });
    await sleep(CACHE_MS);
    expect(await slugsIn(two, citizen)).not.toContain('CCC');
    expect(await slugsIn(two)).not.toContain('CCC');
    expectError(await submit(two, 'CCC', { as: citizen }), 409, 'SERVICE_UNAVAILABLE');
    await save({ ...(await settings()), userTypes: [] });
    await sleep(CACHE_MS);
    expect(await slugsIn(two, citizen)).toContain('CCC');
  });
});
