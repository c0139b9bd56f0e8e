import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetSessionExpired,
  markSessionExpired,
  rememberRedirect,
  safeRedirect,
  sessionExpiredNote,
  takeRememberedRedirect,
  validateLoginSearch,
} from './redirect.ts';

describe('safeRedirect: only same-site paths are followed after sign-in', () => {
  it.each(['/profile', '/services/CODEMETER?tab=1', '/inbox#top', '/'])('keeps %s', (p) => expect(safeRedirect(p)).toBe(p));
  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'profile',
    '/login',
    '/login?redirect=/x',
    '/agent-login',
    '/auth-callback?code=1',
    '/a b',
    42,
    undefined,
    `/${'a'.repeat(2001)}`,
  ])('refuses %s', (p) => expect(safeRedirect(p)).toBeUndefined());
});

describe('login search parameters', () => {
  it('keeps a safe redirect and the expired flag in any of its spellings', () => {
    expect(validateLoginSearch({ redirect: '/profile', expired: true })).toEqual({ redirect: '/profile', expired: true });
    expect(validateLoginSearch({ expired: '1' })).toEqual({ expired: true });
    expect(validateLoginSearch({ expired: 1 })).toEqual({ expired: true });
    expect(validateLoginSearch({ redirect: '//evil.example', expired: 'no' })).toEqual({});
  });
});

describe('what survives the round trips', () => {
  beforeEach(() => sessionStorage.clear());
  it('remembers the page across the external provider, once', () => {
    rememberRedirect('/profile');
    expect(takeRememberedRedirect()).toBe('/profile');
    expect(takeRememberedRedirect()).toBeUndefined();
  });
  it('never follows a remembered value that is not a same-site path', () => {
    sessionStorage.setItem('auth:redirect', 'https://evil.example');
    expect(takeRememberedRedirect()).toBeUndefined();
  });
  it('notes an idle sign-out for the sign-in page until it is read', () => {
    expect(sessionExpiredNote()).toBe(false);
    markSessionExpired();
    expect(sessionExpiredNote()).toBe(true);
    forgetSessionExpired();
    expect(sessionExpiredNote()).toBe(false);
  });
});
