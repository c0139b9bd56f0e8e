import { describe, expect, it } from 'vitest';
import { amountInWords, arabicWords, englishWords, MAX_WORDS_AMOUNT } from './amount-words.ts';

describe('amounts in words', () => {
  it('writes Arabic counting words', () => {
    expect(arabicWords(0)).toBe('صفر');
    expect(arabicWords(1)).toBe('واحد');
    expect(arabicWords(11)).toBe('أحد عشر');
    expect(arabicWords(12)).toBe('اثنا عشر');
    expect(arabicWords(20)).toBe('عشرون');
    expect(arabicWords(25)).toBe('خمسة وعشرون');
    expect(arabicWords(100)).toBe('مائة');
    expect(arabicWords(200)).toBe('مائتان');
    expect(arabicWords(305)).toBe('ثلاثمائة وخمسة');
    expect(arabicWords(1000)).toBe('ألف');
    expect(arabicWords(2000)).toBe('ألفان');
    expect(arabicWords(3000)).toBe('ثلاثة آلاف');
    expect(arabicWords(1250)).toBe('ألف ومائتان وخمسون');
    expect(arabicWords(15_000)).toBe('خمسة عشر ألف');
    expect(arabicWords(2_000_001)).toBe('مليونان وواحد');
    expect(arabicWords(5_000_000_000)).toBe('خمسة مليارات');
    expect(arabicWords(MAX_WORDS_AMOUNT)).toBe(
      'تسعة وتسعون تريليون وتسعمائة وتسعة وتسعون مليار وتسعمائة وتسعة وتسعون مليون وتسعمائة وتسعة وتسعون ألف وتسعمائة وتسعة وتسعون',
    );
  });

  it('writes English words', () => {
    expect(englishWords(0)).toBe('zero');
    expect(englishWords(21)).toBe('twenty-one');
    expect(englishWords(1250)).toBe('one thousand two hundred and fifty');
    expect(englishWords(10_000_000_000_001)).toBe('ten trillion one');
  });

  it('writes a receipt amount and refuses what it cannot write', () => {
    expect(amountInWords(32_550, 'ar')).toBe('فقط ثلاثمائة وخمسة وعشرون جنيه مصري وخمسون قرش لا غير');
    expect(amountInWords(100, 'en')).toBe('one Egyptian pound only');
    expect(amountInWords(30_075, 'en')).toBe('three hundred Egyptian pounds and seventy-five piastres only');
    expect(() => arabicWords(MAX_WORDS_AMOUNT + 1)).toThrow(RangeError);
    expect(() => arabicWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(-1, 'ar')).toThrow(RangeError);
  });
});
