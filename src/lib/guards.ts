import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Viewer } from './viewer.ts';

/**
 * Route guards (spec section 2 "Global behaviours"), used in `beforeLoad` with the router context's viewer.
 * - signed in: a visitor goes to /login with the origin remembered (`redirect` search parameter);
 * - signed out only (/login, /signup, ...): a signed-in user goes to /;
 * - role or build kind: a signed-in user who fails goes to /.
 * The server enforces the same rules on every API call; these only spare the user a page they cannot use.
 */
export type GuardContext = { viewer: Viewer };

export function requireSignedIn(ctx: GuardContext, location: Pick<ParsedLocation, 'href'>): void {
  if (ctx.viewer.kind === 'visitor') throw redirect({ to: '/login' as never, search: { redirect: location.href } as never });
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
