import { describe, expect, it } from 'vitest';
import type { TServicePartial } from '../../../contract/catalog.ts';
import { cardActions, showInMenus, sortForCards, uniqueServices } from './service-rules.ts';

const base: TServicePartial = {
  id: 'a',
  serviceSlug: 'A',
  deactivated: false,
  hiddenOn: [],
  disabledOn: [],
  hideServiceTable: false,
  isActive: true,
  order: 1,
};

describe('service card rules', () => {
  it('puts deactivated services last, keeping the catalog order otherwise', () => {
    const list = [
      { ...base, id: '1', order: 1, deactivated: true },
      { ...base, id: '2', order: 3 },
      { ...base, id: '3', order: 2 },
    ];
    expect(sortForCards(list).map((s) => s.id)).toEqual(['3', '2', '1']);
  });

  it('opens the add page directly when the service hides its table, and hides "my requests"', () => {
    const a = cardActions({ ...base, hideServiceTable: true }, { kind: 'visitor' });
    expect(a.to).toBe('/services/$serviceSlug/add');
    expect(a.myRequests.show).toBe(false);
    expect(cardActions(base, { kind: 'visitor' }).to).toBe('/services/$serviceSlug');
  });

  it('disables the new-request button when the service is disabled on web or not active', () => {
    expect(cardActions({ ...base, disabledOn: ['web'] }, { kind: 'citizen' }).newRequest).toEqual({ show: true, disabled: true });
    expect(cardActions({ ...base, isActive: false }, { kind: 'citizen' }).newRequest.disabled).toBe(true);
    expect(cardActions(base, { kind: 'citizen' }).newRequest.disabled).toBe(false);
  });

  it('shows no buttons to employees and the favourite toggle only to a signed-in citizen', () => {
    const staff = cardActions(base, { kind: 'staff' });
    expect(staff.newRequest.show || staff.myRequests.show || staff.favourite.show).toBe(false);
    expect(cardActions(base, { kind: 'visitor' }).favourite.show).toBe(false);
    expect(cardActions(base, { kind: 'citizen' }).favourite.show).toBe(true);
  });

  it('offers staff filing for a chosen citizen the new-request action only', () => {
    for (const onBehalf of ['token', 'session'] as const) {
      const a = cardActions(base, { kind: 'staff' }, onBehalf);
      expect(a.newRequest).toEqual({ show: true, disabled: false });
      expect(a.myRequests.show || a.favourite.show).toBe(false);
      expect(cardActions({ ...base, disabledOn: ['web'] }, { kind: 'staff' }, onBehalf).newRequest.disabled).toBe(true);
    }
    // The account's own screens: an agent's session reaches them for the citizen, an employee's owner token does not.
    const bills = { ...base, serviceSlug: 'PAYBILLS' };
    expect(cardActions(bills, { kind: 'staff' }, 'session').newRequest.show).toBe(true);
    expect(cardActions(bills, { kind: 'staff' }, 'token').newRequest.show).toBe(false);
    expect(cardActions(bills, { kind: 'staff' }).newRequest.show).toBe(false);
  });

  it('omits deactivated and web-hidden services from menus', () => {
    expect(showInMenus(base)).toBe(true);
    expect(showInMenus({ ...base, deactivated: true })).toBe(false);
    expect(showInMenus({ ...base, hiddenOn: ['web'] })).toBe(false);
  });

  it('lists a service shared by two categories once', () => {
    expect(uniqueServices([[{ id: 'x' }, { id: 'y' }], [{ id: 'x' }]]).map((s) => s.id)).toEqual(['x', 'y']);
  });
});
