import { describe, expect, it } from 'vitest';
import { normalizeArabic } from './arabic-normalize.ts';

describe('normalizeArabic', () => {
  it('folds hamza forms of alef, alef maqsura, taa marbuta, and hamza on waw and yaa', () => {
    expect(normalizeArabic('أإآٱ')).toBe('اااا');
    expect(normalizeArabic('مستشفى')).toBe('مستشفي');
    expect(normalizeArabic('فاتورة')).toBe('فاتوره');
    expect(normalizeArabic('مؤسسة')).toBe('موسسه');
    expect(normalizeArabic('طوارئ')).toBe('طواري');
  });

  it('removes tashkeel, superscript alef and tatweel', () => {
    expect(normalizeArabic('عَدَّادٌ')).toBe('عداد');
    expect(normalizeArabic('هٰذا')).toBe('هذا');
    expect(normalizeArabic('كهـــرباء')).toBe('كهرباء');
  });

  it('turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII digits', () => {
    expect(normalizeArabic('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeArabic('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('lower-cases Latin, collapses and trims whitespace', () => {
    expect(normalizeArabic('  Pay \t  Bills\n')).toBe('pay bills');
  });

  it('composes to NFC first, so a decomposed hamza folds like a typed one', () => {
    expect(normalizeArabic('\u0627\u0655ستبدال')).toBe('استبدال');
  });

  it('is idempotent', () => {
    const once = normalizeArabic('إستبدالُ العدّاد ٣');
    expect(normalizeArabic(once)).toBe(once);
  });
});
