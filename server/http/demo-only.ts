import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { isLoopback, type AppConfig } from '../config.ts';

/*
 * Demo-only routes and pages (the developer mailbox: every code and link sent) answer only on this machine
 * (decisions 013 and 038). Demo mode listens on a loopback address, but a page on any site can still reach it by
 * DNS rebinding: the attacker's name resolves to 127.0.0.1 and the browser sends `Host: attacker.example`. So the
 * name the request was addressed to must be a loopback one (localhost, *.localhost, 127.x.x.x, [::1], any port).
 * A shared demo on purpose (DEMO_MODE_FORCE) is also reached under PUBLIC_ORIGIN's name or an IP address: a
 * rebinding page can send neither (its Host is its own name).
 */

/** Whether a demo-only route or page may answer a request addressed to `hostname` (without its port). */
export function demoHostAllowed(
  config: Pick<AppConfig, 'demoMode' | 'demoModeForced' | 'publicOrigin'>,
  hostname: string | undefined,
): boolean {
  if (!config.demoMode || !hostname) return false;
  if (isLoopback(hostname)) return true;
  if (!config.demoModeForced) return false;
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    net.isIP(bare) !== 0 || (config.publicOrigin !== undefined && new URL(config.publicOrigin).hostname.toLowerCase() === bare)
  );
}

/** Whether a demo-only route or page may answer this request (by the name it was addressed to: `req.hostname`). */
export const demoRequestAllowed = (req: FastifyRequest, config: Parameters<typeof demoHostAllowed>[0]): boolean =>
  demoHostAllowed(config, req.hostname);

/** The pages of the demo (the mailbox's screen): same rule as the routes. */
export const isDemoPage = (url: string): boolean => url === '/dev' || url.startsWith('/dev/') || url.startsWith('/dev?');
