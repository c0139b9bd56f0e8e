import { describe, expect, it, vi } from 'vitest';
import { ROLE } from '../../contract/roles.ts';

// The employee build's menu (APP_KIND is a constant of each build).
vi.mock('../lib/constants.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  APP_KIND: 'employee',
}));

const { menuFor, startPageFor, ACCOUNT_PAGES } = await import('./nav-menus.ts');
const paths = (roles: string[]) => menuFor({ roles }).map((i) => i.to);

describe('the employee menu offers only what the roles allow (decision 036)', () => {
  it('reports and assigner accounts get no inbox and no meter approvals', () => {
    for (const roles of [[ROLE.reports, ROLE.financialReports], [ROLE.assignExternalCompany]]) {
      expect(paths(roles)).not.toContain('/inbox');
      expect(paths(roles)).not.toContain('/meter-approvals');
    }
    expect(paths([ROLE.assignExternalCompany])).toContain('/assign-requests');
  });

  it('reports come with a reports role or a product role, financial or not; the dashboard with its role', () => {
    expect(paths([ROLE.reports])).toContain('/reports');
    expect(paths([ROLE.financialReports])).toContain('/reports');
    expect(paths(['{product}'])).toContain('/reports');
    expect(paths([ROLE.meterRequests])).not.toContain('/reports');
    expect(paths([ROLE.dashboard])).toContain('/dashboard');
    expect(paths([ROLE.reports])).not.toContain('/dashboard');
  });

  it('a handler gets the inbox; meter approvals come with their own role', () => {
    expect(paths([ROLE.meterRequests])).toContain('/inbox');
    expect(paths([ROLE.meterRequests])).not.toContain('/meter-approvals');
    expect(paths([ROLE.meterApprovals])).toContain('/meter-approvals');
  });
});

describe('the staff workspace starts on their work (decision 050)', () => {
  it('a handler starts on the inbox, the assigner on assign requests, a reports account on the reports, a citizen on the home page', () => {
    expect(startPageFor({ kind: 'staff', roles: [ROLE.meterRequests] })).toBe('/inbox');
    expect(startPageFor({ kind: 'staff', roles: [ROLE.assignExternalCompany] })).toBe('/assign-requests');
    expect(startPageFor({ kind: 'staff', roles: [ROLE.meterApprovals] })).toBe('/meter-approvals');
    expect(startPageFor({ kind: 'staff', roles: [ROLE.reports] })).toBe('/reports');
    expect(startPageFor({ kind: 'staff', roles: [ROLE.dashboard] })).toBe('/dashboard');
    expect(startPageFor({ kind: 'staff', roles: [ROLE.auditor] })).toBe('/data-access');
    expect(startPageFor({ kind: 'visitor', roles: [] })).toBeUndefined();
  });

  it('the menu has no Home, and the account menu offers staff only their profile', () => {
    expect(paths([ROLE.meterRequests])).not.toContain('/');
    expect(ACCOUNT_PAGES).toEqual(['/profile']);
  });
});
