import { describe, expect, it } from 'vitest';
import { ROLE, ROLES, ROLES_FOR } from '../../contract/roles.ts';
import { actsOnService, PARTY_ROLES, readyStatuses } from '../../contract/workflow.ts';
import { services } from './data/catalog.ts';

/*
 * Least privilege in the seeded catalog (issue 21, decision 036): every staff move of every service names a staff
 * role of contract/roles.ts (no pseudo-role admitting every staff member), each service is handled by a request
 * role, and the reports and assigner roles move no service.
 */

describe('the seeded workflows name their roles', () => {
  it('every transition role is a staff role or a party (citizen, gateway, installation company)', () => {
    const unknown = services.flatMap((s) =>
      s.workflow.transitions.flatMap((t) =>
        (t.roles ?? [])
          .filter((r) => !PARTY_ROLES.includes(r) && !(ROLES as readonly string[]).includes(r))
          .map((r) => `${s.serviceSlug}: ${t.from} -> ${t.to} (${r})`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('each service is handled by a request role; reports, dashboard and assigner roles move none', () => {
    for (const s of services) {
      expect(
        ROLES_FOR.requestWork.some((r) => actsOnService(s, [r])),
        s.serviceSlug,
      ).toBe(true);
      const others = [ROLE.reports, ROLE.financialReports, ROLE.dashboard, ROLE.assignExternalCompany, ROLE.meterApprovals];
      expect(actsOnService(s, others), s.serviceSlug).toBe(false);
    }
    expect(
      actsOnService(
        services.find((s) => s.serviceSlug === 'tickets')!,
        [ROLE.meterRequests],
      ),
    ).toBe(false);
  });

  it('the installation company still takes over from the same statuses', () => {
    expect(readyStatuses(services.find((s) => s.serviceSlug === 'SMART_METER_UPGRADE')!)).toEqual(['approved']);
  });
});
