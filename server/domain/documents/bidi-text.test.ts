import { describe, expect, it } from 'vitest';
import { directionOf, fontkitReverses, visualRuns } from './bidi-text.ts';

/**
 * What PDFKit will draw, left to right, once fontkit has laid each run out: a run fontkit reverses (its first
 * script is Arabic) is read back reversed here, as the glyphs will stand on the page.
 */
const onPage = (line: string, base: 'rtl' | 'ltr' | 'auto') =>
  visualRuns(line, base)
    .map((r) => (fontkitReverses(r.text) ? Array.from(r.text).reverse().join('') : r.text))
    .join('|');

describe('visual runs for PDFKit', () => {
  it('keeps a left-to-right line as it is', () => {
    expect(visualRuns('Request CODEMETER-2026-000123', 'ltr')).toEqual([
      { text: 'Request CODEMETER-2026-000123', font: 'latin' },
    ]);
  });

  it('puts the Arabic words of a line right to left, and a number inside them in its own order', () => {
    // Logical: "رقم الطلب CODEMETER-2026-000123" -> on the page the Latin data is at the left end.
    expect(onPage('رقم الطلب CODEMETER-2026-000123', 'rtl')).toBe('CODEMETER-2026-000123| بلطلا مقر');
    // The Arabic run is given to fontkit in logical order (it shapes, then reverses it).
    expect(visualRuns('رقم الطلب CODEMETER-2026-000123', 'rtl')).toEqual([
      { text: 'CODEMETER-2026-000123', font: 'latin' },
      { text: 'رقم الطلب ', font: 'arabic' },
    ]);
  });

  it('keeps Arabic-Indic and Latin digits in reading order inside right-to-left text', () => {
    // "الدور 3 شقة 12": the numbers stay 3 and 12, the words go right to left.
    expect(onPage('الدور 3 شقة 12', 'rtl')).toBe('12| ةقش |3| رودلا');
    // Arabic-Indic digits are Arabic script: fontkit would reverse them, so the run is given pre-reversed.
    expect(visualRuns('٢٠٢٦', 'rtl')).toEqual([{ text: '٦٢٠٢', font: 'arabic' }]);
    expect(onPage('سنة ٢٠٢٦', 'rtl')).toBe('٢٠٢٦| ةنس');
  });

  it('orders a readable request number by its left-to-right mark, and does not draw the mark', () => {
    // «شك-» then `2026-000123` left to right, as the screen draws it (decision 061); without the mark the year and
    // the sequence would swap places.
    expect(onPage('رقم الطلب شك-\u200E2026-000123', 'rtl')).toBe('2026-000123|-|كش بلطلا مقر');
    expect(onPage('رقم الطلب شك-2026-000123', 'rtl')).toBe('000123|-|2026|-|كش بلطلا مقر');
    expect(visualRuns('\u200E', 'rtl')).toEqual([]);
  });

  it('mirrors brackets in right-to-left runs', () => {
    expect(onPage('الدقي (الجيزة)', 'rtl')).toBe('(|ةزيجلا|)| يقدلا');
  });

  it('puts an Arabic name inside an English line where it belongs', () => {
    expect(onPage('Applicant منى حسن here', 'ltr')).toBe('Applicant |نسح ىنم| here');
  });

  it('drops explicit bidi controls from the data', () => {
    expect(onPage('abc\u202Edef', 'ltr')).toBe('abcdef');
  });

  it('takes a line direction from its first strong character', () => {
    expect(directionOf('منى Mona')).toBe('rtl');
    expect(directionOf('Mona منى')).toBe('ltr');
    expect(directionOf('12345')).toBe('ltr');
  });
});
