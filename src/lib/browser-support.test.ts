import { describe, expect, it } from 'vitest';
import { detectBrowser, isMobileBrowser } from './browser-support.ts';

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  iosSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
  ie: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  legacyEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  bot: 'curl/8.5.0',
};

describe('supported browsers', () => {
  it('recognises the five supported browsers', () => {
    expect(detectBrowser(UA.chrome)).toBe('chrome');
    expect(detectBrowser(UA.headless)).toBe('chrome');
    expect(detectBrowser(UA.firefox)).toBe('firefox');
    expect(detectBrowser(UA.safari)).toBe('safari');
    expect(detectBrowser(UA.iosSafari)).toBe('safari');
    expect(detectBrowser(UA.opera)).toBe('opera');
    expect(detectBrowser(UA.edge)).toBe('chromium');
  });

  it('turns away old engines and unknown agents', () => {
    expect(detectBrowser(UA.ie)).toBeUndefined();
    expect(detectBrowser(UA.legacyEdge)).toBeUndefined();
    expect(detectBrowser(UA.bot)).toBeUndefined();
  });

  it('tells mobile browsers apart', () => {
    expect(isMobileBrowser(UA.androidChrome)).toBe(true);
    expect(isMobileBrowser(UA.iosSafari)).toBe(true);
    expect(isMobileBrowser(UA.chrome)).toBe(false);
  });
});
