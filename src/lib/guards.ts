import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Viewer } from './viewer.ts';

/**
 * Route guards (spec section 2 "Global behaviours"), used in `beforeLoad` with the router context's viewer.
 * - signed in: a visitor goes to /login with the origin remembered (`redirect` search parameter);
 * - signed out only (/login, /signup, ...): a signed-in user goes to /;
 * - role or build kind: a signed-in user who fails goes to /;
 * - a citizen's own pages in the agent build: an agent acting for nobody goes to the agent workspace.
 * The server enforces the same rules on every API call; these only spare the user a page they cannot use.
 */
export type GuardContext = { viewer: Viewer };

export function requireSignedIn(ctx: GuardContext, location: Pick<ParsedLocation, 'href'>): void {
  if (ctx.viewer.kind === 'visitor') throw redirect({ to: '/login', search: { redirect: location.href } });
}

export function requireSignedOut(ctx: GuardContext): void {
  if (ctx.viewer.kind !== 'visitor') throw redirect({ to: '/' });
}

export function requireRole(ctx: GuardContext, location: Pick<ParsedLocation, 'href'>, roles: readonly string[]): void {
  requireSignedIn(ctx, location);
  if (!roles.some((r) => ctx.viewer.roles.includes(r))) throw redirect({ to: '/' });
}

export function requireBuildKind(ctx: GuardContext, kinds: readonly Viewer['buildKind'][]): void {
  if (!kinds.includes(ctx.viewer.buildKind)) throw redirect({ to: '/' });
}

/**
 * A page about the citizen acted for (the agent build): an agent who has not chosen one goes to the agent workspace
 * (/apply-on-behalf) to choose. When that is unknown (offline), the page shows what this device kept.
 */
export function requireActingFor(ctx: GuardContext, location: Pick<ParsedLocation, 'href'>): void {
  requireSignedIn(ctx, location);
  if (ctx.viewer.buildKind === 'agent' && ctx.viewer.actingFor === null) throw redirect({ to: '/apply-on-behalf' });
}
