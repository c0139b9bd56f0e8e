import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxMessages, pushSubscriptions } from '../../db/schema.ts';
import { call, directSession, signUpVerified, type SignedUp } from '../../test/identity-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { DeviceKeys, PushReceiver } from '../../../tests/e2e/support/push-receiver.ts';
import { enqueue } from '../outbox/outbox.ts';
import { endpointAllowed } from './push.ts';

/*
 * Web Push end to end on the server (decision 051): a subscription through the route, a push row through the outbox,
 * delivered by the worker with `web-push` to a local push service, which decrypts it with the device's keys.
 */

let ctx: TestApp;
let receiver: PushReceiver;
let citizen: SignedUp;

beforeAll(async () => {
  receiver = await PushReceiver.start();
  ctx = await buildTestApp({ PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,*.push.apple.com,${receiver.origin}` });
  citizen = await signUpVerified(ctx);
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

describe('web push', () => {
  it('only known push services are accepted as endpoints', () => {
    const hosts = ['fcm.googleapis.com', '*.push.apple.com', 'http://127.0.0.1:*'];
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/x', hosts)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/x', hosts)).toBe(true);
    expect(endpointAllowed('https://push.apple.com.evil.example/x', hosts)).toBe(false);
    expect(endpointAllowed('http://fcm.googleapis.com/x', hosts)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com:8443/x', hosts)).toBe(false);
    expect(endpointAllowed('https://user:pw@fcm.googleapis.com/x', hosts)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:9999/x', hosts)).toBe(true);
    expect(endpointAllowed('http://169.254.169.254/latest', hosts)).toBe(false);
  });

  it('a subscribed device gets the push, encrypted for it and signed with the VAPID key', async () => {
    const as = await directSession(ctx, citizen.userId);
    const key = await call(ctx, 'GET', '/api/push/key', {});
    const publicKey = (key.json() as { publicKey: string }).publicKey;
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const refused = await call(ctx, 'POST', '/api/push/subscriptions', {
      as,
      body: {
        endpoint: 'http://169.254.169.254/latest/meta-data',
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        lang: 'en',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT', fieldErrors: { endpoint: ['invalid'] } });

    const device = new DeviceKeys();
    const endpoint = `${receiver.origin}/push/device-1`;
    const res = await call(ctx, 'POST', '/api/push/subscriptions', {
      as,
      body: { endpoint, keys: { p256dh: device.p256dh, auth: device.authSecret }, lang: 'ar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: string };
    const list = await call(ctx, 'GET', '/api/push/subscriptions', { as });
    expect((list.json() as { items: { id: string; lang: string }[] }).items).toEqual([
      expect.objectContaining({ id, lang: 'ar' }),
    ]);

    const payload = { title: 'كهرباء', body: 'طلبك يحتاج منك: صورة', url: '/services/CODEMETER/entries/x', tag: 'request-x' };
    await enqueue(ctx.database.db, { channel: 'push', recipient: id, subject: payload.title, body: JSON.stringify(payload) });
    expect(await ctx.app.deps.outbox.runOnce()).toBeGreaterThan(0);
    const [row] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, id));
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    const got = receiver.received.find((m) => m.path === '/push/device-1');
    expect(got?.headers['content-encoding']).toBe('aes128gcm');
    expect(got?.headers.authorization).toContain(`k=${publicKey}`);
    expect(JSON.parse(device.decrypt(got!.body))).toEqual(payload);
  });

  it('a subscription removed since the push was written has nothing to deliver', async () => {
    const gone = 'https://fcm.googleapis.com/fcm/send/gone';
    const [sub] = await ctx.database.db
      .insert(pushSubscriptions)
      .values({
        id: crypto.randomUUID(),
        userId: citizen.userId,
        endpoint: gone,
        p256dh: new DeviceKeys().p256dh,
        auth: 'A'.repeat(22),
      })
      .returning();
    await ctx.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub!.id));
    await enqueue(ctx.database.db, { channel: 'push', recipient: sub!.id, body: '{}' });
    await ctx.app.deps.outbox.runOnce();
    const [row] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, sub!.id));
    expect(row?.status).toBe('sent');
  });

  it('a device is removed by its owner only', async () => {
    const as = await directSession(ctx, citizen.userId);
    const other = await signUpVerified(ctx);
    const list = await call(ctx, 'GET', '/api/push/subscriptions', { as });
    const [mine] = (list.json() as { items: { id: string }[] }).items;
    const theirs = await call(ctx, 'DELETE', `/api/push/subscriptions/${mine!.id}`, {
      as: await directSession(ctx, other.userId),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', `/api/push/subscriptions/${mine!.id}`, { as })).statusCode).toBe(200);
  });
});
