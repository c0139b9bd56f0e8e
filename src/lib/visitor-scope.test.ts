import { describe, expect, it } from 'vitest';
import { ensureVisitorCookie } from './visitor-scope.ts';

/** A cookie jar as `document.cookie` behaves: reading lists name=value pairs, writing sets one cookie. */
function jar(initial: Record<string, string> = {}) {
  const cookies = new Map(Object.entries(initial));
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    },
  };
}

describe('the visitor id cookie', () => {
  it('is made once before the first write and kept (renewed) for every later one, so replays share it', () => {
    const doc = jar({ lang: 'ar' });
    ensureVisitorCookie(doc, false);
    const id = /kahraba_visitor=([A-Za-z0-9_-]{43})/.exec(doc.cookie)![1];
    expect(doc.written[0]).toMatch(/^kahraba_visitor=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=34560000; SameSite=Lax$/);
    ensureVisitorCookie(doc, false);
    expect(doc.written).toHaveLength(2);
    expect(doc.cookie).toContain(`kahraba_visitor=${id}`);
    expect(doc.written[1]).toContain(`kahraba_visitor=${id};`);
  });

  it('is __Host- and Secure on https; a malformed value is replaced; no document, nothing to do', () => {
    const doc = jar({ '__Host-kahraba_visitor': 'bad' });
    ensureVisitorCookie(doc, true);
    expect(doc.written[0]).toMatch(/^__Host-kahraba_visitor=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=34560000; SameSite=Lax; Secure$/);
    expect(() => ensureVisitorCookie(undefined, true)).not.toThrow();
  });
});
