import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatAnswer } from '../../contract/chat.ts';
import { readableNumber } from '../../contract/request-number.ts';
import type { TBillPage } from '../../contract/bills.ts';
import { rasaAssistant } from '../domain/assistant/adapter.ts';
import {
  call,
  directSession,
  expectError,
  fastDemoPasswords,
  signUpVerified,
  type SignedUp,
  type Session,
} from '../test/identity-helpers.ts';
import { submit } from '../test/request-helpers.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/*
 * Noor (issue 27, decision 068) through HTTP: the Rasa REST shape, the empty message, the apology on failure, the
 * limits, and actions that read only the caller's own data.
 */

let ctx: TestApp;
let citizen: Session;
let B: SignedUp & { session: Session };

beforeAll(async () => {
  ctx = await buildTestApp({ RATE_LIMIT_FACTOR: '1' }, { demoUsers: true });
  await fastDemoPasswords(ctx);
  citizen = await directSession(ctx, 'demo-citizen');
  B = await signUpVerified(ctx);
});
afterAll(() => ctx.close());

const ask = async (message: string, opts: { as?: Session; lang?: 'ar' | 'en'; page?: string; ip?: string } = {}) => {
  const res = await call(ctx, 'POST', '/api/askChat', {
    ...(opts.as ? { as: opts.as } : {}),
    ...(opts.ip ? { ip: opts.ip } : {}),
    body: {
      message,
      sender: 'test-conversation',
      metadata: { lang: opts.lang ?? 'ar', ...(opts.page ? { page: opts.page } : {}) },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TChatAnswer;
};

describe('POST /api/askChat: the interface', () => {
  it("answers Rasa's REST channel shape: a list whose first item has custom.Answer, for the sender", async () => {
    const answer = await ask('ما رقم الخط الساخن؟');
    expect(answer.length).toBeGreaterThan(0);
    expect(answer[0]!.recipient_id).toBe('test-conversation');
    expect(answer[0]!.custom.Answer).toContain('١٢١');
    expect(answer[0]!.text).toBe(answer[0]!.custom.Answer);
    expect(answer[0]!.custom.sources?.[0]).toMatchObject({ id: 'faq:faq-hotline', href: '/faq#faq-hotline' });
  });

  it('refuses an empty or blank message with CHAT_MESSAGE_EMPTY', async () => {
    for (const message of ['', '   \n ']) {
      const res = await call(ctx, 'POST', '/api/askChat', { body: { message, sender: 's' } });
      expectError(res, 400, 'CHAT_MESSAGE_EMPTY');
    }
  });

  it('a visitor asking which papers a new meter needs gets the service, its papers and its link (English too)', async () => {
    const [ar] = await ask('ايه الورق المطلوب لتركيب عداد جديد؟');
    expect(ar!.custom.kind).toBe('service');
    expect(ar!.custom.sources?.[0]?.href).toMatch(/^\/services\/(LMIFT|CODEMETER)$/);
    expect(ar!.custom.items?.length).toBeGreaterThan(0);
    const [en] = await ask('Which papers does a new meter need?', { lang: 'en' });
    expect(en!.custom.kind).toBe('service');
    expect(en!.custom.Answer).toMatch(/Required papers/);
  });

  it('says it does not know, offering the contact form and the hotline, instead of inventing an answer', async () => {
    const [a] = await ask('مين هيكسب الدوري السنة دي؟');
    expect(a!.custom.kind).toBe('unknown');
    expect(a!.custom.links?.map((l) => l.href)).toEqual(['/contact', 'tel:121']);
  });

  it('offers quick replies that fit the page', async () => {
    const [onMeters] = await ask('السلام عليكم', { page: '/profile/meters', as: citizen });
    expect(onMeters!.custom.suggestions?.join(' ')).toMatch(/القراءة/);
    const [onBills] = await ask('hello', { page: '/services/PAYBILLS/add', lang: 'en' });
    expect(onBills!.custom.suggestions).toContain('How much do I owe?');
  });
});

describe('POST /api/askChat: actions on the caller’s own data', () => {
  it('a visitor asking about their bills is asked to sign in', async () => {
    const [a] = await ask('عليا فلوس كام؟');
    expect(a!.custom.kind).toBe('signIn');
    expect(a!.custom.links?.[0]?.href).toMatch(/^\/login\?redirect=/);
  });

  it('the demo citizen gets the bills due, their total and a pay link, as the bills page has them', async () => {
    const bills = (await call(ctx, 'GET', '/api/bills?status=unpaid&limit=50', { as: citizen })).json() as TBillPage;
    expect(bills.total).toBeGreaterThan(0);
    const [a] = await ask('عليا فلوس كام؟', { as: citizen });
    expect(a!.custom.kind).toBe('action');
    expect(a!.custom.items).toHaveLength(Math.min(12, bills.total));
    const total = new Intl.NumberFormat('ar-EG', { minimumFractionDigits: 2 }).format(bills.unpaidTotalPiastres / 100);
    expect(a!.custom.Answer).toContain(total);
    expect(a!.custom.links).toContainEqual({ label: 'ادفع الآن', href: '/services/PAYBILLS/add' });
    // Another citizen has none of them.
    const [b] = await ask('how much do I owe?', { as: B.session, lang: 'en' });
    expect(b!.custom.Answer).toBe('You have no bills due right now.');
  });

  it("a request's status by its number (any readable form) for its owner; another citizen's number is not found", async () => {
    const res = await submit(ctx, 'FAULTS_COMPLAINTS', { as: citizen });
    expect(res.statusCode, res.body).toBe(201);
    const { ID } = res.json() as { ID: string };
    const arabic = readableNumber(ID, 'ar').replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
    const [own] = await ask(`فين الطلب ${arabic}؟`, { as: citizen });
    expect(own!.custom.kind).toBe('action');
    expect(own!.custom.Answer).toContain(readableNumber(ID, 'ar'));
    expect(own!.custom.links?.[0]?.href).toMatch(/^\/services\/FAULTS_COMPLAINTS\/entries\//);

    const [other] = await ask(`status of request ${readableNumber(ID, 'en')}`, { as: B.session, lang: 'en' });
    expect(other!.custom.Answer).toMatch(/^I found no request numbered/);
    expect(JSON.stringify(other)).not.toMatch(/FAULTS_COMPLAINTS\/entries|Faults and complaints/);
    const [visitor] = await ask(`status of request ${ID}`, { lang: 'en' });
    expect(visitor!.custom.kind).toBe('signIn');
  });

  it('the latest request without a number, and the last meter reading with the next one due', async () => {
    const [latest] = await ask('فين طلبي؟', { as: citizen });
    expect(latest!.custom.Answer).toMatch(/^آخر طلباتك/);
    const [reading] = await ask('last meter reading', { as: citizen, lang: 'en' });
    expect(reading!.custom.kind).toBe('action');
    expect(reading!.custom.items?.join(' ')).toMatch(/last reading .* kWh .*next reading is due/);
  });
});

describe('POST /api/askChat: failures and limits', () => {
  it('answers the CHATBOT_FAILED apology, never a 500, when the assistant behind it fails', async () => {
    // A Rasa server that is down, through the whole app: the apology's code, in the one error shape.
    const other = await buildTestApp({ CHATBOT_URL: 'http://127.0.0.1:9', CHATBOT_TIMEOUT_MS: '500' }, { seed: false });
    try {
      const res = await call(other, 'POST', '/api/askChat', { body: { message: 'hi', sender: 's' } });
      expectError(res, 502, 'CHATBOT_FAILED');
    } finally {
      await other.close();
    }
    // The Rasa adapter: a server that is down or answers nonsense is CHATBOT_FAILED.
    const down = rasaAssistant('http://127.0.0.1:9', 200);
    await expect(
      down.ask({ sender: 's', message: 'hi', lang: 'ar', caller: { signedIn: false, ownerId: null } }),
    ).rejects.toMatchObject({
      code: 'CHATBOT_FAILED',
    });
    const nonsense = rasaAssistant('http://rasa.test', 200, () => Promise.resolve(new Response('[]', { status: 200 })));
    await expect(
      nonsense.ask({ sender: 's', message: 'hi', lang: 'ar', caller: { signedIn: false, ownerId: null } }),
    ).rejects.toMatchObject({
      code: 'CHATBOT_FAILED',
    });
    const text = rasaAssistant('http://rasa.test', 200, () =>
      Promise.resolve(new Response(JSON.stringify([{ recipient_id: 's', text: 'مرحبا' }]), { status: 200 })),
    );
    const [m] = await text.ask({ sender: 's', message: 'hi', lang: 'ar', caller: { signedIn: false, ownerId: null } });
    expect(m!.custom.Answer).toBe('مرحبا');
  });

  it('limits per address and per account (429 TOO_MANY_REQUESTS)', async () => {
    const ip = '10.250.1.1';
    let last = 200;
    for (let i = 0; i < 61 && last === 200; i++)
      last = (await call(ctx, 'POST', '/api/askChat', { ip, body: { message: 'الخط الساخن', sender: 's' } })).statusCode;
    expect(last).toBe(429);
    let mine = 200;
    for (let i = 0; i < 21 && mine === 200; i++)
      mine = (await call(ctx, 'POST', '/api/askChat', { as: B.session, body: { message: 'hi', sender: 's' } })).statusCode;
    expect(mine).toBe(429);
  });
});
