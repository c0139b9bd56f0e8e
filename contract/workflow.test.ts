import { describe, expect, it } from 'vitest';
import type { TService } from './catalog.ts';
import { actsOnService, allowedTransitions, readyStatuses, slaOf, transitionRefusal } from './workflow.ts';

const L = (en: string) => ({ ar: en, en });
const service = {
  workflow: {
    initialStatus: 'new',
    statuses: [
      { id: 'new', label: L('New') },
      { id: 'in_review', label: L('In review') },
      { id: 'needs_info', label: L('Needs info'), activityId: 'apply' },
      { id: 'approved', label: L('Approved') },
      { id: 'installed', label: L('Installed'), final: true },
    ],
    transitions: [
      { from: 'new', to: 'in_review', roles: ['HANDLE_METER_REQUESTS'] },
      { from: 'in_review', to: 'needs_info', roles: ['HANDLE_METER_REQUESTS'] },
      { from: 'needs_info', to: 'in_review', roles: ['citizen'] },
      { from: 'in_review', to: 'approved', roles: ['TECHNICAL_SUPPORT'] },
      { from: 'approved', to: 'installed', roles: ['HANDLE_METER_REQUESTS', 'installer'] },
    ],
  },
  stages: [
    { stageId: 'review', label: L('Review'), statuses: ['new', 'in_review', 'needs_info'], days: 3 },
    { stageId: 'install', label: L('Install'), statuses: ['approved'], days: 5 },
  ],
} as unknown as TService;

describe('workflow rules', () => {
  it('offers staff the moves their roles allow, never the citizen’s; asking for information needs a comment', () => {
    const handler = ['HANDLE_METER_REQUESTS'];
    expect(allowedTransitions(service, 'in_review', handler)).toEqual([
      { to: 'needs_info', label: L('Needs info'), needsComment: true },
    ]);
    expect(allowedTransitions(service, 'in_review', [...handler, 'TECHNICAL_SUPPORT']).map((t) => t.to)).toEqual([
      'needs_info',
      'approved',
    ]);
    expect(allowedTransitions(service, 'needs_info', [...handler, 'TECHNICAL_SUPPORT'])).toEqual([]);
  });

  it('admits no staff member without one of the roles a move names: no role admits everyone (decision 036)', () => {
    for (const roles of [[], ['ACCESS_REPORTS', 'ACCESS_FINANCIAL_REPORTS'], ['EmployeeAssignExternalCompany'], ['employee']]) {
      expect(actsOnService(service, roles), roles.join()).toBe(false);
      expect(allowedTransitions(service, 'new', roles), roles.join()).toEqual([]);
      expect(transitionRefusal(service, 'new', 'in_review', roles), roles.join()).toBe('TRANSITION_ROLE_REQUIRED');
    }
    // The installation company's move is not a staff role's: naming `installer` admits no one.
    expect(transitionRefusal(service, 'approved', 'installed', ['installer'])).toBe('TRANSITION_ROLE_REQUIRED');
  });

  it('says why a move is refused', () => {
    expect(transitionRefusal(service, 'new', 'installed', [])).toBe('TRANSITION_NOT_ALLOWED');
    expect(transitionRefusal(service, 'in_review', 'approved', ['HANDLE_METER_REQUESTS'])).toBe('TRANSITION_ROLE_REQUIRED');
    expect(transitionRefusal(service, 'needs_info', 'in_review', ['TECHNICAL_SUPPORT'])).toBe('TRANSITION_ROLE_REQUIRED');
    expect(transitionRefusal(service, 'in_review', 'approved', ['TECHNICAL_SUPPORT'])).toBeNull();
  });

  it('finds the statuses ready for an installation company, and whether staff act on a service', () => {
    expect(readyStatuses(service)).toEqual(['approved']);
    expect(actsOnService(service, ['HANDLE_METER_REQUESTS'])).toBe(true);
    const supportOnly = {
      workflow: { ...service.workflow, transitions: [{ from: 'new', to: 'in_review', roles: ['TECHNICAL_SUPPORT'] }] },
    };
    expect(actsOnService(supportOnly, ['ACCESS_REPORTS'])).toBe(false);
    expect(actsOnService(supportOnly, ['TECHNICAL_SUPPORT'])).toBe(true);
  });

  it('counts the days left in the stage and in the whole request; overdue when negative; none once final', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const sla = slaOf(service, 'in_review', '2026-05-06T12:00:00Z', '2026-05-04T12:00:00Z', now);
    expect(sla).toEqual({ stageDays: 3, stageDaysLeft: -1, totalDays: 8, totalDaysLeft: 2, overdue: true });
    expect(slaOf(service, 'approved', '2026-05-10T08:00:00Z', '2026-05-04T12:00:00Z', now).stageDaysLeft).toBe(5);
    expect(slaOf(service, 'installed', now, now, now)).toEqual({
      stageDays: null,
      stageDaysLeft: null,
      totalDays: null,
      totalDaysLeft: null,
      overdue: false,
    });
  });
});
