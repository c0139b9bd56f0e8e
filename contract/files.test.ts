import { describe, expect, it } from 'vitest';
import { FILE_LIMITS, acceptedTypes, fileFieldLimits } from './files.ts';

describe('file limits (spec "File limits")', () => {
  it('reads accept entries as HTML writes them, among the types we recognise', () => {
    expect(acceptedTypes(['.pdf'])).toEqual(['application/pdf']);
    expect(acceptedTypes(['image/*']).sort()).toEqual(['image/gif', 'image/heic', 'image/jpeg', 'image/png', 'image/webp']);
    expect(acceptedTypes(['application/pdf', '.JPG'])).toEqual(['application/pdf', 'image/jpeg']);
    // Types we cannot check by content are never accepted, whatever a schema says.
    expect(acceptedTypes(['text/html', '.svg', 'application/x-msdownload'])).toEqual([]);
  });

  it('gives a field its types, size and count: its own, else the defaults', () => {
    expect(fileFieldLimits({ type: 'file', multiple: true })).toMatchObject({
      maxCount: FILE_LIMITS.maxCount,
      maxBytes: FILE_LIMITS.maxBytes,
      pdfName: false,
    });
    expect(fileFieldLimits({ type: 'image' })).toMatchObject({ maxCount: 1, types: ['image/jpeg', 'image/png', 'image/webp'] });
    expect(fileFieldLimits({ type: 'file', multiple: true, max: 3, min: 1 })).toMatchObject({ maxCount: 3, minCount: 1 });
    // A PDF-only field wants names ending in .pdf (the attachment-link check).
    expect(fileFieldLimits({ type: 'file', accept: ['application/pdf'] }).pdfName).toBe(true);
  });
});
