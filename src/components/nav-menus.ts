import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Viewer } from '../lib/viewer.ts';
import { APP_KIND } from '../lib/constants.ts';
import { PRODUCT_ROLE, ROLES_FOR } from '../../contract/roles.ts';

/**
 * The header menus of spec section 2, by build kind and role. `roles` absent = everyone in that build. A page of
 * the app is named as the router names it, with its params (decision 045); `external` is an address outside the
 * app (the dashboard, when the build names one), drawn as a plain link.
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
  | '/content'
  | '/profile/meters'
  | '/reports'
  | '/quality'
  | '/dashboard'
  | '/manage-services'
  | '/data-access';
export type MenuItem = { label: MessageDescriptor; roles?: readonly string[] } & (
  | { to: MenuPage; external?: undefined }
  | { to: '/services/$serviceSlug'; params: { serviceSlug: string }; external?: undefined }
  | { to: string; external: true }
);

/** An outside address for the Dashboard item (`VITE_DASHBOARD_URL` at build time); none: the app's /dashboard. */
const DASHBOARD_URL: string | undefined = import.meta.env.VITE_DASHBOARD_URL || undefined;

const CITIZEN_MENU: MenuItem[] = [
  { to: '/', label: msg`Home` },
  { to: '/services', label: msg`Services` },
  { to: '/inbox', label: msg`My requests` },
  { to: '/services/$serviceSlug', params: { serviceSlug: 'tickets' }, label: msg`Tickets` },
  { to: '/about', label: msg`About` },
];

// The staff builds open on their work (decision 050): `/` leads there, so their menus carry no "Home".
const EMPLOYEE_MENU: MenuItem[] = [
  { to: '/inbox', label: msg`Inbox`, roles: ROLES_FOR.requestWork },
  { to: '/services/$serviceSlug', params: { serviceSlug: 'tickets' }, label: msg`Tickets`, roles: ROLES_FOR.tickets },
  { to: '/reports', label: msg`Reports`, roles: [...ROLES_FOR.reports, PRODUCT_ROLE] },
  { to: '/news', label: msg`News` },
  { to: '/userGuide', label: msg`User guide` },
  // The statistics dashboard (issue 25), or an outside address the build names (spec section 2).
  DASHBOARD_URL
    ? { to: DASHBOARD_URL, label: msg`Dashboard`, roles: ROLES_FOR.dashboard, external: true }
    : { to: '/dashboard', label: msg`Dashboard`, roles: ROLES_FOR.dashboard },
  { to: '/assign-requests', label: msg`Assign requests`, roles: ROLES_FOR.assignRequests },
  { to: '/apply-on-behalf', label: msg`Apply on behalf`, roles: ROLES_FOR.citizenSearch },
  { to: '/meter-approvals', label: msg`Meter approvals`, roles: ROLES_FOR.meterApprovals },
  { to: '/quality', label: msg`Service quality`, roles: ROLES_FOR.serviceQuality },
  { to: '/content', label: msg`Portal content`, roles: ROLES_FOR.content },
  { to: '/manage-services', label: msg`Manage services`, roles: ROLES_FOR.catalog },
  { to: '/data-access', label: msg`Data access record`, roles: ROLES_FOR.audit },
  { to: '/services', label: msg`Services` },
];

/**
 * The agent build: the services to file for the citizen acted for, that citizen's requests and meters (a field
 * reader registers their readings); the bar under the header says for whom and leads to the agent workspace
 * (/apply-on-behalf).
 */
const AGENT_MENU: MenuItem[] = [
  { to: '/apply-on-behalf', label: msg`Apply on behalf` },
  { to: '/services', label: msg`Services` },
  { to: '/inbox', label: msg`Inbox` },
  { to: '/profile/meters', label: msg`Citizen's meters` },
];

export function menuFor(viewer: Pick<Viewer, 'roles'>): MenuItem[] {
  // The build's own menu only (APP_KIND is a constant of the build: the others are not shipped).
  const menu = APP_KIND === 'citizen' ? CITIZEN_MENU : APP_KIND === 'agent' ? AGENT_MENU : EMPLOYEE_MENU;
  return menu.filter((item) => !item.roles || item.roles.some((r) => viewer.roles.includes(r)));
}

/**
 * Where a signed-in member of staff starts (decision 050): the first page of their work the roles open, not the
 * citizens' home page. The agent build starts at the agent workspace. `undefined`: the home page (a citizen, a
 * visitor, or staff whose roles open none of these pages).
 */
export function startPageFor(
  viewer: Pick<Viewer, 'kind' | 'roles'>,
):
  | '/inbox'
  | '/assign-requests'
  | '/meter-approvals'
  | '/reports'
  | '/dashboard'
  | '/quality'
  | '/apply-on-behalf'
  | '/content'
  | '/data-access'
  | undefined {
  if (viewer.kind === 'visitor' || viewer.kind === 'citizen' || APP_KIND === 'citizen') return undefined;
  if (APP_KIND === 'agent') return '/apply-on-behalf';
  const can = (roles: readonly string[]) => roles.some((r) => viewer.roles.includes(r));
  if (can(ROLES_FOR.requestWork)) return '/inbox';
  if (can(ROLES_FOR.assignRequests)) return '/assign-requests';
  if (can(ROLES_FOR.meterApprovals)) return '/meter-approvals';
  if (can([...ROLES_FOR.reports, PRODUCT_ROLE])) return '/reports';
  if (can(ROLES_FOR.dashboard) && !DASHBOARD_URL) return '/dashboard';
  if (can(ROLES_FOR.serviceQuality)) return '/quality';
  if (can(ROLES_FOR.content)) return '/content';
  if (can(ROLES_FOR.audit)) return '/data-access';
  return undefined;
}

/** The account menu's pages by build: staff and agents have no meters, bills or papers of their own. */
export type AccountPage = '/profile' | '/profile/meters' | 'bills' | '/papers' | '/favorites';
export const ACCOUNT_PAGES: readonly AccountPage[] =
  APP_KIND === 'citizen' ? ['/profile', '/profile/meters', 'bills', '/papers', '/favorites'] : ['/profile'];
