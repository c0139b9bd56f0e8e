import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../contract/refs/routes.ts';
import { identityRoutes } from '../../contract/refs/routes-identity.ts';
import { apiCall, ApiError } from './api-client.ts';

/** The one API client (decision 035): answers parsed against the contract, error bodies read by code, else by status. */

const answer = (status: number, body: string, type = 'application/json') =>
  vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'content-type': type } }));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('the call succeeded'),
    (e: unknown) => e as ApiError,
  );

afterEach(() => vi.unstubAllGlobals());

describe('apiCall', () => {
  it('calls the route named by its reference and returns the answer the contract describes', async () => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return new Response(JSON.stringify({ subscribed: true }), { status: 201 });
    });
    await expect(apiCall(routes.newsletterSubscribe, { body: { email: 'a@b.eg' } })).resolves.toEqual({ subscribed: true });
    expect(seen[0]!.method).toBe('POST');
    expect(new URL(seen[0]!.url).pathname).toBe(routes.newsletterSubscribe.path);
    expect(seen[0]!.headers.get('x-device')).toBe('CITIZEN');
  });

  it("reads an error answer's code, field errors and conflict, and leaves out a part that is not of its shape", async () => {
    answer(
      409,
      JSON.stringify({
        code: 'REQUEST_CHANGED',
        message: 'changed',
        fieldErrors: { email: ['email-taken'] },
        conflict: { by: 'Mona', action: 'approve', at: '2026-11-26T10:00:00Z', version: 3 },
        details: 'not a list',
      }),
    );
    const error = await failure(apiCall(routes.appData, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'REQUEST_CHANGED',
      status: 409,
      fieldErrors: { email: ['email-taken'] },
      conflict: { by: 'Mona', version: 3 },
    });
    expect(error.details).toBeUndefined();
  });

  it('names an answer without the error shape by its status', async () => {
    answer(404, '<html>not here</html>', 'text/html');
    expect(await failure(apiCall(routes.appData, {}))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    answer(502, '', 'text/plain');
    expect(await failure(apiCall(routes.appData, {}))).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 502 });
    answer(418, JSON.stringify({ code: 42 }));
    expect(await failure(apiCall(routes.appData, {}))).toMatchObject({ code: 'MAINTENANCE', status: 418 });
    answer(400, JSON.stringify({ message: 'no code' }));
    expect(await failure(apiCall(identityRoutes.logout, { params: { userSlug: 'citizen' }, body: {} }))).toMatchObject({
      code: 'GENERAL_ERROR',
      status: 400,
    });
  });

  it("names a success answer that is not JSON, or not the contract's, GENERAL_ERROR with its status: it reached the server", async () => {
    answer(200, '<html>captive portal</html>', 'text/html');
    expect(await failure(apiCall(routes.appData, {}))).toMatchObject({ code: 'GENERAL_ERROR', status: 200 });
    answer(201, JSON.stringify({ subscribed: 'yes' }));
    expect(await failure(apiCall(routes.newsletterSubscribe, { body: { email: 'a@b.eg' } }))).toMatchObject({
      code: 'GENERAL_ERROR',
      status: 201,
    });
  });

  it('leaves out of the answer what the contract does not describe', async () => {
    answer(201, JSON.stringify({ subscribed: true, internal: 'x' }));
    await expect(apiCall(routes.newsletterSubscribe, { body: { email: 'a@b.eg' } })).resolves.toEqual({ subscribed: true });
  });

  it('says NETWORK_ERROR when no answer comes', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failure(apiCall(routes.appData, {}))).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});
