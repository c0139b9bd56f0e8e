import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { Gateways } from './adapters.ts';
import { billAmounts, feeAmounts, feeOf } from './fees.ts';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).payments;

describe('which gateways take payments', () => {
  it('the sandbox in demo mode; nothing by default in production (no test page that pays for free)', () => {
    expect(new Gateways(config({})).methods()).toEqual([
      { gatewayId: 'sandbox', channel: 'card' },
      { gatewayId: 'sandbox', channel: 'code' },
    ]);
    const prod = new Gateways(config({ DEMO_MODE: 'false' }));
    expect(prod.methods()).toEqual([]);
    expect(prod.of('sandbox', 'card')).toBeUndefined();
    // On purpose (a staging server, a benchmark): the secret is set.
    expect(new Gateways(config({ DEMO_MODE: 'false', SANDBOX_GATEWAY_SECRET: 'x'.repeat(32) })).methods()).toHaveLength(2);
  });

  it('Paymob for cards and Fawry for codes once configured; Paymob needs its keys', () => {
    const g = new Gateways(
      config({
        DEMO_MODE: 'false',
        PAYMENT_GATEWAY: 'paymob',
        PAYMOB_API_KEY: 'k',
        PAYMOB_HMAC_SECRET: 's',
        PAYMOB_INTEGRATION_ID: '1',
        FAWRY_MERCHANT_CODE: 'm',
        FAWRY_SECURE_KEY: 'f',
      }),
    );
    expect(g.methods()).toEqual([
      { gatewayId: 'paymob', channel: 'card' },
      { gatewayId: 'fawry', channel: 'code' },
    ]);
    expect(() => config({ PAYMENT_GATEWAY: 'paymob' })).toThrow(ConfigError);
    expect(() => config({ FAWRY_MERCHANT_CODE: 'm' })).toThrow(ConfigError);
  });
});

describe('fees', () => {
  it('a fixed part plus basis points, rounded up to a whole piastre', () => {
    expect(feeOf({ fixedPiastres: 200, bps: 250 }, 10_000)).toBe(450);
    expect(feeOf({ fixedPiastres: 0, bps: 250 }, 1)).toBe(1);
    expect(billAmounts(10_000, { fixedPiastres: 100, bps: 0 }, { fixedPiastres: 200, bps: 250 })).toEqual({
      billsTotalPiastres: 10_000,
      serviceFeePiastres: 100,
      gatewayFeePiastres: 200 + Math.ceil(10_100 * 0.025),
      totalPiastres: 10_100 + 200 + Math.ceil(10_100 * 0.025),
    });
    expect(feeAmounts(30_000, { fixedPiastres: 300, bps: 100 })).toMatchObject({
      gatewayFeePiastres: 600,
      totalPiastres: 30_600,
    });
  });
});
