import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Viewer } from '../lib/viewer.ts';
import { APP_KIND } from '../lib/constants.ts';
import { ROLES_FOR } from '../../contract/roles.ts';

/**
 * The header menus of spec section 2, by build kind and role. `roles` absent = everyone in that build. A page of
 * the app is named as the router names it, with its params (decision 045); `external` is an address outside the
 * app (the dashboard), drawn as a plain link.
 */
type MenuPage =
  | '/'
  | '/services'
  | '/inbox'
  | '/about'
  | '/news'
  | '/userGuide'
  | '/assign-requests'
  | '/apply-on-behalf'
  | '/meter-approvals'
  | '/profile/meters';
export type MenuItem = { label: MessageDescriptor; roles?: readonly string[] } & (
  | { to: MenuPage; external?: undefined }
  | { to: '/services/$serviceSlug'; params: { serviceSlug: string }; external?: undefined }
  | { to: string; external: true }
);

const CITIZEN_MENU: MenuItem[] = [
  { to: '/', label: msg`Home` },
  { to: '/services', label: msg`Services` },
  { to: '/inbox', label: msg`My requests` },
  { to: '/services/$serviceSlug', params: { serviceSlug: 'tickets' }, label: msg`Tickets` },
  { to: '/about', label: msg`About` },
];

const EMPLOYEE_MENU: MenuItem[] = [
  { to: '/', label: msg`Home` },
  { to: '/inbox', label: msg`Inbox`, roles: ROLES_FOR.requestWork },
  { to: '/services/$serviceSlug', params: { serviceSlug: 'tickets' }, label: msg`Tickets`, roles: ROLES_FOR.tickets },
  // Reports (roles ACCESS_REPORTS, ACCESS_FINANCIAL_REPORTS or {product}, spec section 2) come with their page.
  { to: '/news', label: msg`News` },
  { to: '/userGuide', label: msg`User guide` },
  { to: '/dashboard', label: msg`Dashboard`, roles: ROLES_FOR.dashboard, external: true },
  { to: '/assign-requests', label: msg`Assign requests`, roles: ROLES_FOR.assignRequests },
  { to: '/apply-on-behalf', label: msg`Apply on behalf`, roles: ROLES_FOR.citizenSearch },
  { to: '/meter-approvals', label: msg`Meter approvals`, roles: ROLES_FOR.meterApprovals },
  { to: '/services', label: msg`Services` },
];

/**
 * The agent build: the services to file for the citizen acted for, that citizen's requests and meters (a field
 * reader registers their readings); the bar under the header says for whom and leads to the agent workspace
 * (/apply-on-behalf).
 */
const AGENT_MENU: MenuItem[] = [
  { to: '/', label: msg`Home` },
  { to: '/services', label: msg`Services` },
  { to: '/inbox', label: msg`Inbox` },
  { to: '/profile/meters', label: msg`Citizen's meters` },
  { to: '/apply-on-behalf', label: msg`Apply on behalf` },
];

export function menuFor(viewer: Pick<Viewer, 'roles'>): MenuItem[] {
  // The build's own menu only (APP_KIND is a constant of the build: the others are not shipped).
  const menu = APP_KIND === 'citizen' ? CITIZEN_MENU : APP_KIND === 'agent' ? AGENT_MENU : EMPLOYEE_MENU;
  return menu.filter((item) => !item.roles || item.roles.some((r) => viewer.roles.includes(r)));
}
