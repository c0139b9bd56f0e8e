import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Viewer } from '../lib/viewer.ts';
import { PRODUCT_ROLE, ROLES_FOR } from '../../contract/roles.ts';

/** The header menus of spec section 2, by build kind and role. `roles` absent = everyone in that build. */
export type MenuItem = { to: string; label: MessageDescriptor; roles?: readonly string[]; external?: boolean };

export const CITIZEN_MENU: MenuItem[] = [
  { to: '/', label: msg`Home` },
  { to: '/services', label: msg`Services` },
  { to: '/inbox', label: msg`My requests` },
  { to: '/services/tickets', label: msg`Tickets` },
  { to: '/about', label: msg`About` },
];

export const EMPLOYEE_MENU: MenuItem[] = [
  { to: '/', label: msg`Home` },
  { to: '/inbox', label: msg`Inbox` },
  { to: '/services/tickets', label: msg`Tickets`, roles: ROLES_FOR.tickets },
  { to: '/reports', label: msg`Reports`, roles: [...ROLES_FOR.reports, PRODUCT_ROLE] },
  { to: '/news', label: msg`News` },
  { to: '/userGuide', label: msg`User guide` },
  { to: '/dashboard', label: msg`Dashboard`, roles: ROLES_FOR.dashboard, external: true },
  { to: '/assign-requests', label: msg`Assign requests`, roles: ROLES_FOR.assignRequests },
];

export function menuFor(viewer: Viewer): MenuItem[] {
  const menu = viewer.buildKind === 'citizen' ? CITIZEN_MENU : EMPLOYEE_MENU;
  return menu.filter((item) => !item.roles || item.roles.some((r) => viewer.roles.includes(r)));
}
