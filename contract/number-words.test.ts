import { describe, expect, it } from 'vitest';
import { amountInArabicWords, amountInWords, arabicNumberWords, englishNumberWords, MAX_WORDS_AMOUNT } from './number-words.ts';

describe('arabicNumberWords', () => {
  it.each([
    [0, 'صفر'],
    [1, 'واحد'],
    [2, 'اثنان'],
    [3, 'ثلاثة'],
    [8, 'ثمانية'],
    [10, 'عشرة'],
    [11, 'أحد عشر'],
    [12, 'اثنا عشر'],
    [13, 'ثلاثة عشر'],
    [19, 'تسعة عشر'],
    [20, 'عشرون'],
    [21, 'واحد وعشرون'],
    [22, 'اثنان وعشرون'],
    [99, 'تسعة وتسعون'],
    [100, 'مائة'],
    [105, 'مائة وخمسة'],
    [200, 'مائتان'],
    [300, 'ثلاثمائة'],
    [800, 'ثمانمائة'],
    [999, 'تسعمائة وتسعة وتسعون'],
    [1000, 'ألف'],
    [1001, 'ألف وواحد'],
    [2000, 'ألفان'],
    [3000, 'ثلاثة آلاف'],
    [10_000, 'عشرة آلاف'],
    [11_000, 'أحد عشر ألفًا'],
    [12_000, 'اثنا عشر ألفًا'],
    [1250, 'ألف ومائتان وخمسون'],
    [100_000, 'مائة ألف'],
    [103_000, 'مائة وثلاثة آلاف'],
    [200_000, 'مائتا ألف'],
    [250_000, 'مائتان وخمسون ألفًا'],
    [1_000_000, 'مليون'],
    [2_000_000, 'مليونان'],
    [2_500_000, 'مليونان وخمسمائة ألف'],
    [3_000_000, 'ثلاثة ملايين'],
    [15_000_000, 'خمسة عشر مليونًا'],
    [1_000_000_000, 'مليار'],
    [2_000_000_000, 'ملياران'],
    [7_000_000_000, 'سبعة مليارات'],
    [40_000_000_000, 'أربعون مليارًا'],
    [1_000_000_000_000, 'تريليون'],
    [2_000_000_000_000, 'تريليونان'],
    [4_000_000_000_000, 'أربعة تريليونات'],
    [11_000_000_000_000, 'أحد عشر تريليونًا'],
    [1_000_001_000_001, 'تريليون ومليون وواحد'],
    [25, 'خمسة وعشرون'],
    [305, 'ثلاثمائة وخمسة'],
    [2_000_001, 'مليونان وواحد'],
    [5_000_000_000, 'خمسة مليارات'],
  ])('%d → %s', (n, words) => {
    expect(arabicNumberWords(n)).toBe(words);
  });

  it('spells the 14-digit maximum', () => {
    expect(MAX_WORDS_AMOUNT).toBe(99_999_999_999_999);
    expect(arabicNumberWords(99_999_999_999_999)).toBe(
      'تسعة وتسعون تريليونًا وتسعمائة وتسعة وتسعون مليارًا وتسعمائة وتسعة وتسعون مليونًا' +
        ' وتسعمائة وتسعة وتسعون ألفًا وتسعمائة وتسعة وتسعون',
    );
  });

  it('writes the accusative tanween as fathatan before the final alef', () => {
    expect(arabicNumberWords(11_000)).toBe('أحد عشر ألف\u064B\u0627');
  });

  it('accepts bigint and digit strings', () => {
    expect(arabicNumberWords(1250n)).toBe('ألف ومائتان وخمسون');
    expect(arabicNumberWords(' 001250 ')).toBe('ألف ومائتان وخمسون');
    expect(arabicNumberWords('99999999999999')).toBe(arabicNumberWords(99_999_999_999_999));
  });

  it('rejects non-integers, negatives and more than 14 digits with a RangeError', () => {
    for (const bad of [
      1.5,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      100_000_000_000_000,
      -1n,
      100_000_000_000_000n,
      '1.5',
      '-1',
      '1e3',
      '',
      'abc',
      '100000000000000',
    ]) {
      expect(() => arabicNumberWords(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('amountInArabicWords', () => {
  it.each([
    [0, 'صفر جنيه'],
    [1, 'جنيه واحد'],
    [2, 'جنيهان'],
    [3, 'ثلاثة جنيهات'],
    [10, 'عشرة جنيهات'],
    [11, 'أحد عشر جنيهًا'],
    [99, 'تسعة وتسعون جنيهًا'],
    [100, 'مائة جنيه'],
    [103, 'مائة وثلاثة جنيهات'],
    [200, 'مائتا جنيه'],
    [1000, 'ألف جنيه'],
    [2000, 'ألفا جنيه'],
    [3000, 'ثلاثة آلاف جنيه'],
    [11_000, 'أحد عشر ألف جنيه'],
    [1_000_000, 'مليون جنيه'],
    [2_500_000, 'مليونان وخمسمائة ألف جنيه'],
    [1250, 'ألف ومائتان وخمسون جنيهًا'],
    [125.5, 'مائة وخمسة وعشرون جنيهًا وخمسون قرشًا'],
    [0.01, 'قرش واحد'],
    [0.02, 'قرشان'],
    [0.05, 'خمسة قروش'],
    [0.1, 'عشرة قروش'],
    [0.25, 'خمسة وعشرون قرشًا'],
    [1.01, 'جنيه واحد وقرش واحد'],
    [2.02, 'جنيهان وقرشان'],
    [7.75, 'سبعة جنيهات وخمسة وسبعون قرشًا'],
  ])('%d → %s', (amount, words) => {
    expect(amountInArabicWords(amount)).toBe(words);
  });

  it('rounds to two decimals, carrying into the pounds', () => {
    expect(amountInArabicWords(1.004)).toBe('جنيه واحد');
    expect(amountInArabicWords(1.005)).toBe('جنيه واحد وقرش واحد');
    expect(amountInArabicWords(0.999)).toBe('جنيه واحد');
    expect(amountInArabicWords(19.999)).toBe('عشرون جنيهًا');
  });

  it('handles the 14-digit maximum', () => {
    expect(amountInArabicWords(99_999_999_999_999)).toBe(`${arabicNumberWords(99_999_999_999_999)} جنيهًا`);
  });

  it('rejects negative, non-finite and over-14-digit amounts with a RangeError', () => {
    for (const bad of [-0.01, -5, Number.NaN, Number.POSITIVE_INFINITY, 100_000_000_000_000]) {
      expect(() => amountInArabicWords(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('englishNumberWords', () => {
  it.each([
    [0, 'zero'],
    [13, 'thirteen'],
    [21, 'twenty-one'],
    [100, 'one hundred'],
    [1250, 'one thousand two hundred and fifty'],
    [2_000_001, 'two million one'],
    [10_000_000_000_001, 'ten trillion one'],
  ])('%d → %s', (n, words) => {
    expect(englishNumberWords(n)).toBe(words);
  });

  it('refuses what it cannot write, as the Arabic does', () => {
    for (const bad of [1.5, -1, MAX_WORDS_AMOUNT + 1, '1e3'])
      expect(() => englishNumberWords(bad), String(bad)).toThrow(RangeError);
  });
});

describe("amountInWords (a receipt's total, from piastres)", () => {
  it('closes the Arabic amount with فقط … لا غير, in the same agreement as the service page', () => {
    expect(amountInWords(32_550, 'ar')).toBe('فقط ثلاثمائة وخمسة وعشرون جنيهًا وخمسون قرشًا لا غير');
    expect(amountInWords(100, 'ar')).toBe('فقط جنيه واحد لا غير');
    expect(amountInWords(5, 'ar')).toBe('فقط خمسة قروش لا غير');
    expect(amountInWords(0, 'ar')).toBe('فقط صفر جنيه لا غير');
    expect(amountInWords(32_550, 'ar')).toBe(`فقط ${amountInArabicWords(325.5)} لا غير`);
  });

  it('writes English pounds and piastres', () => {
    expect(amountInWords(100, 'en')).toBe('one Egyptian pound only');
    expect(amountInWords(30_075, 'en')).toBe('three hundred Egyptian pounds and seventy-five piastres only');
    expect(amountInWords(101, 'en')).toBe('one Egyptian pound and one piastre only');
  });

  it('refuses a fraction of a piastre, a negative amount and more than 14 digits of pounds', () => {
    for (const bad of [1.5, -1, (MAX_WORDS_AMOUNT + 1) * 100]) {
      expect(() => amountInWords(bad, 'ar'), String(bad)).toThrow(RangeError);
      expect(() => amountInWords(bad, 'en'), String(bad)).toThrow(RangeError);
    }
  });
});
