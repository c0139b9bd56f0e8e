import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { renderPaymentReceiptPdf, renderReceiptPdf, type PaymentReceiptContent, type ReceiptContent } from './pdf.ts';

const content: ReceiptContent = {
  lang: 'ar',
  portal: 'كهرباء',
  title: 'إيصال تقديم الطلب',
  serviceName: 'تركيب عداد كودي',
  number: 'CODEMETER-2026-000123',
  createdAt: new Date('2026-03-01T10:00:00Z'),
  status: 'جديد',
  applicant: { name: 'منى حسن', nationalId: '29001011234567' },
  fields: [
    { label: 'العنوان', value: 'شارع النيل ١٢، الدقي' },
    { label: 'ملاحظات', value: 'نص طويل '.repeat(400) },
  ],
  verifyUrl: 'http://localhost:8080/verify?secret=abc',
  issuedAt: new Date('2026-03-01T10:00:00Z'),
};

describe('the printed receipt', () => {
  it('is a PDF that carries the request number, the data and its title, over as many pages as the data needs', async () => {
    const pdf = await renderReceiptPdf(content);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const runs = pdfTextRuns(pdf);
    expect(runs).toContain('CODEMETER-2026-000123');
    expect(runs).toContain('29001011234567');
    // Arabic runs are drawn right to left: their glyphs come reversed in the content stream.
    const reversed = (s: string) => Array.from(s).reverse().join('');
    expect(runs).toContain(reversed('إيصال تقديم الطلب'));
    // The long value wraps onto a second page; the footer counts the pages ("صفحة ٢ من ٢").
    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    expect(runs).toContain(reversed('صفحة '));
  });

  it('is drawn in English too', async () => {
    const pdf = await renderReceiptPdf({ ...content, lang: 'en', title: 'Request receipt', fields: [] });
    const runs = pdfTextRuns(pdf);
    expect(runs).toContain('Request receipt');
    expect(runs).toContain('CODEMETER-2026-000123');
    expect(runs).toContain('Page 1 of 1');
  });
});

const paymentReceipt: PaymentReceiptContent = {
  lang: 'ar',
  portal: 'كهرباء',
  title: 'إيصال سداد',
  reference: 'KHMABC123DEF',
  transactionId: '4343001',
  paidAt: new Date('2026-03-02T10:00:00Z'),
  payerName: 'منى حسن',
  means: 'بطاقة بنكية',
  paymentCode: null,
  bills: [
    { number: 'B-2026-01', meterNumber: '47060096', period: '2026-01', amountPiastres: 12_345 },
    { number: 'B-2026-02', meterNumber: '47060096', period: '2026-02', amountPiastres: 20_000 },
  ],
  fee: null,
  billsTotalPiastres: 32_345,
  serviceFeePiastres: 100,
  gatewayFeePiastres: 1012,
  totalPiastres: 33_457,
  totalInWords: 'فقط ثلاثمائة وأربعة وثلاثون جنيهًا وسبعة وخمسون قرشًا لا غير',
  verifyUrl: 'http://localhost:8080/verify?secret=abc',
  issuedAt: new Date('2026-03-02T10:00:00Z'),
};

describe('the printed payment receipt', () => {
  it('draws each bill, the amounts and the reference, right to left in Arabic', async () => {
    const pdf = await renderPaymentReceiptPdf(paymentReceipt);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const runs = pdfTextRuns(pdf).join(' ');
    const reversed = (s: string) => Array.from(s).reverse().join('');
    expect(runs).toContain('KHMABC123DEF');
    expect(runs).toContain('B-2026-02');
    expect(runs).toContain(reversed('إيصال سداد'));
    expect(runs).toContain(reversed('إجمالي الفواتير'));
    // Amounts in Arabic-Indic digits (decision 015), the number reading left to right.
    expect(runs).toContain('٣٣٤٫٥٧');
  });

  it('is drawn in English, with a fee instead of bills', async () => {
    const pdf = await renderPaymentReceiptPdf({
      ...paymentReceipt,
      lang: 'en',
      title: 'Payment receipt',
      bills: [],
      fee: { requestNumber: 'CODEMETER-2026-000123', serviceName: 'Code meter installation' },
      totalInWords: 'three hundred and thirty-four Egyptian pounds and fifty-seven piastres only',
    });
    const runs = pdfTextRuns(pdf).join(' ');
    expect(runs).toContain('Code meter installation — CODEMETER-2026-000123');
    expect(runs).toContain('EGP 334.57');
    expect(runs).not.toContain('Bills total');
    expect(runs).toContain('Page 1 of 1');
  });
});
