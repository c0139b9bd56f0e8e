import { describe, expect, it } from 'vitest';
import { maskMobile, paymentCodeSms, receiptLabel, validityText } from './messages.ts';

/* What payments write for people outside the screens (decision 049): the code's SMS and the receipt's label. */

describe('payment messages', () => {
  it('says a validity in natural units', () => {
    const h = 3_600_000;
    expect(validityText(24 * h, 'en')).toBe('24 hours');
    expect(validityText(48 * h, 'en')).toBe('48 hours');
    expect(validityText(48 * h, 'ar')).toBe('48 ساعة');
    expect(validityText(2 * h, 'ar')).toBe('ساعتين');
    expect(validityText(7 * 24 * h, 'en')).toBe('7 days');
    expect(validityText(7 * 24 * h, 'ar')).toBe('7 أيام');
    expect(validityText(90 * 60_000, 'en')).toBe('90 minutes');
  });

  it("writes the code's SMS with the total to pay at the outlet and until when, on Cairo's clock", () => {
    const createdAt = new Date('2026-11-27T10:00:00Z');
    const expiresAt = new Date('2026-11-29T10:00:00Z');
    const c = { referenceNumber: '987654321', totalPiastres: 55_926, createdAt, expiresAt };
    expect(paymentCodeSms('en', c)).toBe(
      'Kahraba: payment code 987654321\nPay EGP 559.26 at any Fawry outlet or wallet before 29/11/2026 12:00 (valid for 48 hours).',
    );
    const ar = paymentCodeSms('ar', c);
    expect(ar).toContain('987654321');
    expect(ar).toContain('559.26 ج.م');
    expect(ar).toContain('29/11/2026 12:00');
    expect(ar).toContain('صالح لمدة 48 ساعة');
  });

  it('names a receipt by what it pays, with no character a file name refuses', () => {
    expect(receiptLabel({ kind: 'bills', periods: ['2026-03'] })).toEqual({
      ar: 'إيصال سداد فاتورة كهرباء مارس ٢٠٢٦',
      en: 'Receipt - electricity bill March 2026',
    });
    expect(receiptLabel({ kind: 'bills', periods: ['2026-02', '2025-12', '2026-01'] }).en).toBe(
      'Receipt - electricity bills December 2025 to February 2026',
    );
    const fee = receiptLabel({
      kind: 'fee',
      service: { ar: 'تركيب عداد كودي', en: 'Code meter: installation / "temporary"' },
      requestNumber: 'CODEMETER-2026-000012',
    });
    expect(fee.en).toBe('Receipt - Code meter installation temporary fee, request COD-2026-000012');
    expect(fee.ar).toBe('إيصال سداد رسوم تركيب عداد كودي، طلب كودي-2026-000012');
  });

  it('hides the middle of a mobile number', () => {
    expect(maskMobile('01012345678')).toBe('010•••••678');
  });
});
