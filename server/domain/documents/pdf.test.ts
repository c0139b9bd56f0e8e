import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../test/pdf-text.ts';
import { renderReceiptPdf, type ReceiptContent } from './pdf.ts';

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
