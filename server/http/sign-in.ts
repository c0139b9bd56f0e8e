import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SignInClient, SignInContext } from '../domain/identity/accounts.ts';
import { revokeSession, type Device } from '../domain/identity/sessions.ts';
import { clearSessionCookie, sessionKindOf, setSessionCookie } from '../plugins/session.ts';
import type { TLang } from '../../contract/basics.ts';

/*
 * The HTTP side of the identity use cases: what a request says (language, device, bearer token, current
 * session) as plain data, and the session cookie a use case's new session becomes.
 */

export const langOf = (req: FastifyRequest): TLang =>
  req.headers['accept-language']?.slice(0, 2).toLowerCase() === 'en' ? 'en' : 'ar';

export const deviceOf = (req: FastifyRequest): Device => {
  const d = req.headers['x-device'];
  return d === 'EMPLOYEE' || d === 'AGENT' ? d : 'CITIZEN';
};

/** The bearer token of `Authorization: Bearer <token>`, if well formed. */
export function bearer(req: FastifyRequest): string | undefined {
  const m = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(req.headers.authorization ?? '');
  return m?.[1];
}

export const signInClient = (req: FastifyRequest): SignInClient => ({
  device: deviceOf(req),
  lang: langOf(req),
  current: req.viewer.kind === 'visitor' ? undefined : { sessionHash: req.viewer.sessionHash, kind: sessionKindOf(req) },
});

/** The sign-in context of a request: a new session becomes this answer's session cookie. */
export const signInContext = (db: Db, config: AppConfig, req: FastifyRequest, reply: FastifyReply): SignInContext => ({
  db,
  config,
  client: signInClient(req),
  setSession: (kind, token) => setSessionCookie(reply, config, kind, token),
});

/** Sign-out: ends the request's session (if any) and clears the cookie of its kind. */
export async function closeSession(db: Db, config: AppConfig, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.viewer.kind !== 'visitor') await revokeSession(db, req.viewer.sessionHash);
  clearSessionCookie(reply, config, sessionKindOf(req));
}
