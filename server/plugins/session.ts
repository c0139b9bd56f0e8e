import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TApiError } from '../../contract/errors.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { safeEqual } from '../domain/identity/crypto.ts';
import { findSession, type SessionKind } from '../domain/identity/sessions.ts';
import { viewerKindOf, type Viewer } from '../http/viewer.ts';

/**
 * Sessions (quality.md "Security"): an opaque 256-bit token in an HttpOnly, SameSite=Lax cookie (Secure and
 * `__Host-` when served over https). The portal and the agent have separate cookies; the device header
 * (`x-device: AGENT`) says which one a call uses. Every state-changing API call needs the `x-csrf-token` header:
 * any value without a session, the session's own token with one (the Origin check runs before, origin-check.ts).
 */
export const DEVICE_HEADER = 'x-device';
export const CSRF_HEADER = 'x-csrf-token';

const STATE_CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

const VISITOR: Viewer = Object.freeze({ kind: 'visitor' });
const EXPIRED: Viewer = Object.freeze({ kind: 'visitor', expired: true });

/**
 * The session cookie's name: the agent's own, else by the build the call comes from (the device header), since the
 * three builds share a host and cookies ignore ports (decision 022): an employee's session in the employee build
 * and a citizen's in the citizen build do not overwrite each other.
 */
export function cookieName(kind: SessionKind, secure: boolean, device?: unknown): string {
  const base = kind === 'agent' ? 'kahraba_agent_sid' : device === 'EMPLOYEE' ? 'kahraba_staff_sid' : 'kahraba_sid';
  return secure ? `__Host-${base}` : base;
}

/** A cookie's value; a value that is not valid percent-encoding is no cookie (the caller is a visitor). */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Sets a cookie, replacing an earlier Set-Cookie of the same name in this answer (one answer, one value). */
function putCookie(reply: FastifyReply, name: string, cookie: string): void {
  const prev = reply.getHeader('set-cookie');
  const others = (prev === undefined ? [] : Array.isArray(prev) ? prev : [String(prev)]).filter((c) => !c.startsWith(`${name}=`));
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', others.length > 0 ? [...others, cookie] : cookie);
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, kind: SessionKind, token: string): void {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(config.secureCookies ? ['Secure'] : [])];
  const name = cookieName(kind, config.secureCookies, reply.request.headers[DEVICE_HEADER]);
  putCookie(reply, name, `${name}=${token}; ${attrs.join('; ')}`);
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig, kind: SessionKind): void {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(config.secureCookies ? ['Secure'] : [])];
  const name = cookieName(kind, config.secureCookies, reply.request.headers[DEVICE_HEADER]);
  putCookie(reply, name, `${name}=; ${attrs.join('; ')}`);
}

/** The device cookie (domain/identity/devices.ts): a browser that signed in before keeps its own guess budget. */
export const deviceCookieName = (secure: boolean): string => (secure ? '__Host-kahraba_device' : 'kahraba_device');

export function setDeviceCookie(reply: FastifyReply, config: AppConfig, token: string, maxAgeSeconds: number): void {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(config.secureCookies ? ['Secure'] : [])];
  const name = deviceCookieName(config.secureCookies);
  putCookie(reply, name, `${name}=${token}; ${attrs.join('; ')}`);
}

/**
 * The visitor id cookie (decision 038): a random value, made by the browser before its first write
 * (src/lib/visitor-scope.ts) or by the server for a client that sent none, that scopes a visitor's
 * Idempotency-Keys. Read under both names (the browser makes `__Host-` on https); a malformed value is none.
 */
export const visitorCookieName = (secure: boolean): string => (secure ? '__Host-kahraba_visitor' : 'kahraba_visitor');
const VISITOR_ID = /^[A-Za-z0-9_-]{22,128}$/;

export function readVisitorId(req: FastifyRequest): string | undefined {
  for (const name of [visitorCookieName(true), visitorCookieName(false)]) {
    const v = readCookie(req, name);
    if (v !== undefined && VISITOR_ID.test(v)) return v;
  }
  return undefined;
}

/** Gives a client that sent no visitor id one (HttpOnly; 400 days, the longest a browser keeps a cookie). */
export function setVisitorCookie(reply: FastifyReply, config: AppConfig, id: string): void {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${400 * 86_400}`, ...(config.secureCookies ? ['Secure'] : [])];
  const name = visitorCookieName(config.secureCookies);
  putCookie(reply, name, `${name}=${id}; ${attrs.join('; ')}`);
}

/** Which session a call uses: the agent's when it says it comes from the agent client. */
export const sessionKindOf = (req: FastifyRequest): SessionKind => (req.headers[DEVICE_HEADER] === 'AGENT' ? 'agent' : 'user');

export function registerSessions(app: FastifyInstance, db: Db, config: AppConfig): void {
  app.decorateRequest('viewer', null as never);
  // Answers to a signed-in user are theirs alone: no shared or browser cache may keep them.
  // Callback hooks, not async ones: they run on every request, and a visitor's passes without waiting for anything.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.viewer?.kind !== 'visitor' && req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
  app.addHook('onRequest', (req, reply, done) => {
    req.viewer = VISITOR;
    if (!req.url.startsWith('/api/')) return done();
    const kind = sessionKindOf(req);
    const token = readCookie(req, cookieName(kind, config.secureCookies, req.headers[DEVICE_HEADER]));
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
      if (!csrfRefused(req, reply, undefined)) done();
      return;
    }
    resolveSession(req, reply, token, kind).then((csrfExpected) => {
      if (!csrfRefused(req, reply, csrfExpected)) done();
    }, done);
  });

  /** The viewer of a session cookie's token; the session's csrf token when it is live. */
  async function resolveSession(req: FastifyRequest, reply: FastifyReply, token: string, kind: SessionKind) {
    let csrfExpected: string | undefined;
    const s = await findSession(db, token);
    const now = Date.now();
    if (s && !s.revokedAt && !s.user.disabled && s.kind === kind) {
      if (s.expiresAt.getTime() <= now || now - s.lastActiveAt.getTime() > config.idleTimeoutMs) {
        req.viewer = EXPIRED;
        clearSessionCookie(reply, config, kind);
      } else {
        req.viewer = {
          kind: viewerKindOf(s.userKind),
          userId: s.user.id,
          userSlug: s.user.userSlug,
          userKind: s.userKind,
          roles: s.user.roles,
          sessionHash: s.tokenHash,
          csrfToken: s.csrfToken,
          actingFor: s.actingFor,
        };
        csrfExpected = s.csrfToken;
      }
    }
    return csrfExpected;
  }
}

/** Answers 403 (and says so) when a state change lacks its csrf token, or a signed-in caller's does not match. */
function csrfRefused(req: FastifyRequest, reply: FastifyReply, csrfExpected: string | undefined): boolean {
  if (!STATE_CHANGING.has(req.method)) return false;
  // The route's own rule, declared in its contract descriptor (contract/route.ts `csrf`); unknown routes: required.
  const policy = req.routeOptions.config?.csrf ?? 'required';
  if (policy === 'none') return false;
  const header = req.headers[CSRF_HEADER];
  const sent = typeof header === 'string' ? header : '';
  const lenient = policy === 'lenient';
  const ok = sent.length > 0 && (csrfExpected === undefined || lenient || safeEqual(sent, csrfExpected));
  if (ok) return false;
  void reply.status(403).send({ code: 'FORBIDDEN', message: 'Missing or wrong csrf token' } satisfies TApiError);
  return true;
}
