import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';

describe('a CSV cell', () => {
  it('quotes text with a comma, a quote or a line break, and leaves plain text and numbers alone', () => {
    expect(csvField('North Cairo, Giza')).toBe('"North Cairo, Giza"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('سطر\nآخر')).toBe('"سطر\nآخر"');
    expect(csvField('شمال القاهرة')).toBe('شمال القاهرة');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-11-27T22:00:00Z'))).toBe('2026-11-27');
  });

  it('never lets a spreadsheet run text as a formula, but keeps a negative amount a number', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+201001234567')).toBe("'+201001234567");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField(-1250.5)).toBe('-1250.5');
  });
});
