import { beforeEach, describe, expect, it } from 'vitest';
import { applyCacheVersion, arabicIndicDigits, localDigits, resolveLanguage, resolveTheme } from './locale.ts';

describe('start-up rules (spec section 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('defaults to Arabic, right to left, and stores it', () => {
    expect(resolveLanguage()).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('lang')).toBe('ar');
  });

  it('stores a lang query parameter, removes it from the address, and turns English left to right', () => {
    window.history.replaceState(null, '', '/services?lang=en&x=1#top');
    expect(resolveLanguage()).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('keeps the stored language when no parameter is given, and ignores an unknown one', () => {
    localStorage.setItem('lang', 'en');
    window.history.replaceState(null, '', '/?lang=fr');
    expect(resolveLanguage()).toBe('en');
    expect(window.location.search).toBe('');
  });

  it('takes the theme from storage and stores it', () => {
    localStorage.setItem('theme', 'dark');
    expect(resolveTheme()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    localStorage.setItem('theme', 'light');
    expect(resolveTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('wipes saved request configs, order and sorts when the cache version is not v2', () => {
    localStorage.setItem('userCacheVersion', 'v1');
    localStorage.setItem('requestConfig:CODEMETER', '{}');
    localStorage.setItem('userOrder', '[]');
    localStorage.setItem('sorts', '{}');
    localStorage.setItem('lang', 'en');
    expect(applyCacheVersion()).toBe(true);
    expect(localStorage.getItem('requestConfig:CODEMETER')).toBeNull();
    expect(localStorage.getItem('userOrder')).toBeNull();
    expect(localStorage.getItem('sorts')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('userCacheVersion')).toBe('v2');
    localStorage.setItem('userOrder', '[1]');
    expect(applyCacheVersion()).toBe(false);
    expect(localStorage.getItem('userOrder')).toBe('[1]');
  });

  it("wipes the data tables' saved column choices with the sorts, and nothing else of the kind", () => {
    localStorage.setItem('userCacheVersion', 'v1');
    localStorage.setItem('columns:inbox:CODEMETER', '["status"]');
    localStorage.setItem('columns:readings', '["date"]');
    localStorage.setItem('columnsNote', 'kept');
    expect(applyCacheVersion()).toBe(true);
    expect(localStorage.getItem('columns:inbox:CODEMETER')).toBeNull();
    expect(localStorage.getItem('columns:readings')).toBeNull();
    expect(localStorage.getItem('columnsNote')).toBe('kept');
    localStorage.setItem('columns:readings', '["date"]');
    expect(applyCacheVersion()).toBe(false);
    expect(localStorage.getItem('columns:readings')).toBe('["date"]');
  });
});

describe('digits in Arabic (decision 015)', () => {
  it("writes the interface's numbers in Arabic-Indic digits in Arabic, and as given in English", () => {
    expect(localDigits('ar', 121)).toBe('١٢١');
    expect(localDigits('ar', '15')).toBe('١٥');
    expect(localDigits('en', 121)).toBe('121');
  });
  it("keeps a translated message's element markers and a text's explicit Latin isolates", () => {
    expect(arabicIndicDigits('من 8:00 حتى <0>{x}</0> و<1/>')).toBe('من ٨:٠٠ حتى <0>{x}</0> و<1/>');
    expect(arabicIndicDigits('رقم (\u20680-9\u2069) و 6')).toBe('رقم (\u20680-9\u2069) و ٦');
  });
});
