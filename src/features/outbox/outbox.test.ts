import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { defineRoute, refOf } from '../../../contract/route.ts';
import { backoffMs, discardWrite, flush, readWrite, registerOutboxKind, submitWrite } from './engine.ts';
import { listRecords } from './store.ts';
import { ownerTokenOfWrite } from './kinds.ts';

/**
 * The outbox's rules (decision 019), through the real HTTP client against a stubbed network: a write leaves only
 * after a 2xx; a 4xx needs the user's attention; no answer or a 5xx keeps it waiting; a replay sends the same
 * Idempotency-Key; files go first, each with its own key; one user's writes are never shown to or sent for another.
 */
const submit = defineRoute({
  method: 'POST',
  path: '/api/test-requests/:serviceSlug',
  summary: 'test',
  tags: ['test'],
  params: z.object({ serviceSlug: z.string() }),
  body: z.object({ activityId: z.string(), data: z.record(z.string(), z.unknown()) }),
  response: z.object({ id: z.string(), ID: z.string() }),
  status: 201,
  errors: [],
  auth: 'public',
});
const upload = defineRoute({
  method: 'POST',
  path: '/api/test-requests/:serviceSlug/attachments',
  summary: 'test upload',
  tags: ['test'],
  params: z.object({ serviceSlug: z.string() }),
  response: z.object({ id: z.string() }),
  status: 201,
  errors: [],
  auth: 'public',
});
const sent: unknown[] = [];
registerOutboxKind('testSubmit', { route: refOf(submit), upload: refOf(upload), onSent: (result) => void sent.push(result) });
registerOutboxKind('testSubmitForCitizen', { route: refOf(submit), headers: ownerTokenOfWrite });

type Call = { url: string; method: string; key: string | null; body: string; owner: string | null };
let calls: Call[] = [];
let answer: (call: Call) => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function signIn(userId: string) {
  localStorage.setItem('userSlug', 'citizen');
  localStorage.setItem('userId', userId);
  localStorage.setItem('usertoken', `csrf-${userId}`);
}

const write = () => ({
  kind: 'testSubmit',
  input: { params: { serviceSlug: 'FAULTS_COMPLAINTS' }, body: { activityId: 'apply', data: { description: 'No power' } } },
  meta: { serviceSlug: 'FAULTS_COMPLAINTS', activityId: 'apply' },
});

beforeEach(async () => {
  localStorage.clear();
  calls = [];
  sent.length = 0;
  vi.stubGlobal('fetch', async (input: Request) => {
    const call = {
      url: input.url,
      method: input.method,
      key: input.headers.get('idempotency-key'),
      body: await input.text(),
      owner: input.headers.get('request-owner-token'),
    };
    calls.push(call);
    return answer(call);
  });
  for (const owner of ['u1', 'u2', null]) {
    localStorage.clear();
    if (owner) signIn(owner);
    for (const r of await listRecords()) await discardWrite(r.id);
  }
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the outbox', () => {
  it('a 2xx answer removes the write and gives the answer to the screen', async () => {
    signIn('u1');
    answer = () => json(201, { id: 'r1', ID: 'FAULTS_COMPLAINTS-2026-000001' });
    const outcome = await submitWrite(write());
    expect(outcome).toMatchObject({ status: 'sent', result: { ID: 'FAULTS_COMPLAINTS-2026-000001' } });
    expect(await listRecords()).toEqual([]);
    expect(calls[0]?.key).toBe(outcome.id);
    expect(sent).toEqual([{ id: 'r1', ID: 'FAULTS_COMPLAINTS-2026-000001' }]);
  });

  it('offline, the write waits; a replay sends it with the same Idempotency-Key, once', async () => {
    signIn('u1');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const outcome = await submitWrite(write());
    expect(outcome).toMatchObject({ status: 'waiting', error: { code: 'NETWORK_ERROR' } });
    const [waiting] = await listRecords();
    expect(waiting).toMatchObject({ id: outcome.id, state: 'waiting', attempts: 1, owner: 'user:u1' });

    answer = () => json(201, { id: 'r1', ID: 'FAULTS_COMPLAINTS-2026-000001' });
    await flush({ force: true });
    expect(await listRecords()).toEqual([]);
    expect(calls.map((c) => c.key)).toEqual([outcome.id, outcome.id]);
    expect(sent).toHaveLength(1);
  });

  it('a 5xx keeps the write waiting with a delay; a replay before the delay does not send it', async () => {
    signIn('u1');
    answer = () => json(503, { code: 'INTERNAL_SERVER_ERROR', message: 'down' });
    const outcome = await submitWrite(write());
    expect(outcome.status).toBe('waiting');
    const [r] = await listRecords();
    expect(r?.state).toBe('waiting');
    expect(r!.nextAttemptAt).toBeGreaterThan(Date.now());
    await flush();
    expect(calls).toHaveLength(1);
    await flush({ force: true });
    expect(calls).toHaveLength(2);
    expect((await listRecords())[0]?.attempts).toBe(2);
  });

  it("a 4xx during a replay moves the write to 'needs attention' with the server's reason; nothing expires", async () => {
    signIn('u1');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const outcome = await submitWrite(write());
    answer = () =>
      json(400, { code: 'INVALID_INPUT', message: 'bad', details: ['الوصف قصير'], fieldErrors: { description: ['minLength'] } });
    await flush({ force: true });
    const [r] = await listRecords();
    expect(r).toMatchObject({
      id: outcome.id,
      state: 'attention',
      lastError: { code: 'INVALID_INPUT', status: 400, details: ['الوصف قصير'], fieldErrors: { description: ['minLength'] } },
    });
    // Not sent again on its own: it waits for the user's edit or discard.
    await flush({ force: true });
    expect(calls).toHaveLength(2);

    // Edited: the same record and key, sent again.
    answer = () => json(201, { id: 'r1', ID: 'FAULTS_COMPLAINTS-2026-000001' });
    const edited = await submitWrite({ ...write(), id: outcome.id });
    expect(edited.status).toBe('sent');
    expect(calls.at(-1)?.key).toBe(outcome.id);
    expect(await listRecords()).toEqual([]);
  });

  it('a 4xx while the form is on screen is given back to it, and the write is not kept', async () => {
    signIn('u1');
    answer = () => json(400, { code: 'INVALID_INPUT', message: 'bad', fieldErrors: { description: ['required'] } });
    const outcome = await submitWrite(write());
    expect(outcome).toMatchObject({ status: 'refused', error: { fieldErrors: { description: ['required'] } } });
    expect(await listRecords()).toEqual([]);
  });

  it('a lost session (401) and a key still in flight (409) keep the write waiting', async () => {
    signIn('u1');
    answer = () => json(409, { code: 'IDEMPOTENCY_KEY_IN_FLIGHT', message: 'busy' });
    expect((await submitWrite(write())).status).toBe('waiting');
    answer = () => json(401, { code: 'GRANT_EXPIRED', message: 'expired' });
    await flush({ force: true });
    // The 401 signed the user out on this device; signed in again, the write is theirs and still waiting.
    signIn('u1');
    const [r] = await listRecords();
    expect(r?.state).toBe('waiting');
  });

  it("one user's writes are never listed or sent for another user of the device", async () => {
    signIn('u1');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const mine = await submitWrite(write());
    localStorage.clear();
    signIn('u2');
    expect(await listRecords()).toEqual([]);
    expect(await readWrite(mine.id)).toBeUndefined();
    await discardWrite(mine.id);
    answer = () => json(201, { id: 'r2', ID: 'X' });
    await flush({ force: true });
    expect(calls).toHaveLength(1);
    localStorage.clear();
    expect(await listRecords()).toEqual([]); // a visitor neither
    signIn('u1');
    expect((await listRecords()).map((r) => r.id)).toEqual([mine.id]);
  });

  it('files are uploaded first, each with its own key, once; the write then names their ids', async () => {
    signIn('u1');
    let uploads = 0;
    const xhrSends: { url: string; key: string | null }[] = [];
    class FakeXhr {
      upload = new EventTarget();
      status = 0;
      responseText = '';
      withCredentials = false;
      timeout = 0;
      private url = '';
      private headers = new Map<string, string>();
      private listeners = new Map<string, () => void>();
      open(_m: string, url: string) {
        this.url = url;
      }
      setRequestHeader(k: string, v: string) {
        this.headers.set(k.toLowerCase(), v);
      }
      addEventListener(type: string, cb: () => void) {
        this.listeners.set(type, cb);
      }
      send() {
        xhrSends.push({ url: this.url, key: this.headers.get('idempotency-key') ?? null });
        uploads++;
        this.status = 201;
        this.responseText = JSON.stringify({ id: `att-${uploads}` });
        queueMicrotask(() => this.listeners.get('load')?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const file = (key: string, i: number) => ({
      key,
      path: ['data', 'photos', i],
      fieldId: 'photos',
      activityId: 'apply',
      name: `${key}.png`,
      type: 'image/png',
      size: 3,
      blob: new Blob(['png'], { type: 'image/png' }),
    });
    const outcome = await submitWrite({ ...write(), files: [file('f1', 0), file('f2', 1)] });
    expect(outcome.status).toBe('waiting');
    expect(xhrSends.map((s) => s.key)).toEqual(['f1', 'f2']);
    answer = () => json(201, { id: 'r1', ID: 'X' });
    await flush({ force: true });
    expect(uploads).toBe(2); // not uploaded again
    expect(JSON.parse(calls.at(-1)!.body)).toEqual({
      activityId: 'apply',
      data: { description: 'No power', photos: ['att-1', 'att-2'] },
    });
  });

  it("an employee's queued write goes out for the citizen it was made for, whoever the device files for then", async () => {
    signIn('u1');
    localStorage.setItem('requestOwnerToken', 'ot1.citizen-A');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const outcome = await submitWrite({ ...write(), kind: 'testSubmitForCitizen', meta: { requestOwnerToken: 'ot1.citizen-A' } });
    expect(outcome.status).toBe('waiting');
    // Meanwhile the employee chose another citizen.
    localStorage.setItem('requestOwnerToken', 'ot1.citizen-B');
    answer = () => json(201, { id: 'r1', ID: 'FAULTS_COMPLAINTS-2026-000001' });
    await flush({ force: true });
    expect(calls.map((c) => c.owner)).toEqual(['ot1.citizen-A', 'ot1.citizen-A']);
    // A write made without one carries the device's current token, as every call does (spec section 7).
    await submitWrite(write());
    expect(calls.at(-1)?.owner).toBe('ot1.citizen-B');
  });

  it('waits longer after each failure, up to half an hour', () => {
    const none = () => 0;
    expect([1, 2, 3, 10, 50].map((n) => backoffMs(n, none))).toEqual([30_000, 60_000, 120_000, 1_800_000, 1_800_000]);
  });
});
