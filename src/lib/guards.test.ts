import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { requireActingFor, requireBuildKind, requireRole, requireSignedIn, requireSignedOut } from './guards.ts';
import type { Viewer } from './viewer.ts';
import { ROLE, ROLES_FOR } from '../../contract/roles.ts';

const visitor: Viewer = { kind: 'visitor', roles: [], buildKind: 'citizen' };
const citizen: Viewer = { kind: 'citizen', roles: [], buildKind: 'citizen' };
const staff: Viewer = { kind: 'staff', roles: [ROLE.technicalSupport], buildKind: 'employee' };
const at = { href: '/inbox?service=CODEMETER' };

function redirectOf(fn: () => void): { to?: string; search?: unknown } | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (!isRedirect(e)) throw e;
    return e.options as { to?: string; search?: unknown };
  }
}

describe('route guards', () => {
  it('sends a visitor to /login and remembers where they were going', () => {
    expect(redirectOf(() => requireSignedIn({ viewer: visitor }, at))).toMatchObject({
      to: '/login',
      search: { redirect: '/inbox?service=CODEMETER' },
    });
    expect(redirectOf(() => requireSignedIn({ viewer: citizen }, at))).toBeUndefined();
  });

  it('sends a signed-in user away from signed-out-only pages', () => {
    expect(redirectOf(() => requireSignedOut({ viewer: citizen }))).toMatchObject({ to: '/' });
    expect(redirectOf(() => requireSignedOut({ viewer: visitor }))).toBeUndefined();
  });

  it('sends a signed-in user without the role home, and a visitor to /login', () => {
    expect(redirectOf(() => requireRole({ viewer: staff }, at, ROLES_FOR.tickets))).toBeUndefined();
    expect(redirectOf(() => requireRole({ viewer: staff }, at, ROLES_FOR.reports))).toMatchObject({ to: '/' });
    expect(redirectOf(() => requireRole({ viewer: visitor }, at, ROLES_FOR.reports))).toMatchObject({ to: '/login' });
  });

  it('keeps employee-only pages out of the citizen build', () => {
    expect(redirectOf(() => requireBuildKind({ viewer: visitor }, ['employee']))).toMatchObject({ to: '/' });
    expect(redirectOf(() => requireBuildKind({ viewer: staff }, ['employee']))).toBeUndefined();
  });

  it("sends an agent acting for nobody to the agent workspace from a citizen's pages; offline (unknown), lets them in", () => {
    const agent: Viewer = { kind: 'staff', roles: [], buildKind: 'agent' };
    const meters = { href: '/profile/meters?readings=1' };
    expect(redirectOf(() => requireActingFor({ viewer: { ...agent, actingFor: null } }, meters))).toMatchObject({
      to: '/apply-on-behalf',
    });
    expect(redirectOf(() => requireActingFor({ viewer: { ...agent, actingFor: 'c1' } }, meters))).toBeUndefined();
    expect(redirectOf(() => requireActingFor({ viewer: agent }, meters))).toBeUndefined();
    expect(redirectOf(() => requireActingFor({ viewer: citizen }, meters))).toBeUndefined();
    expect(redirectOf(() => requireActingFor({ viewer: visitor }, meters))).toMatchObject({ to: '/login' });
  });
});
