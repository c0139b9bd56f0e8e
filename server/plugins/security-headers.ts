import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The security headers of quality.md on every answer. Built once: a per-request middleware that re-parses
 * the policy (as helmet does) cost about 8 % of a catalog read's CPU in profiling.
 *
 * Two sets (decision 034): documents (pages, and the few API answers a browser shows: the sandbox payment page, a
 * PDF, a validator module) get the whole set; the API's JSON answers get the set OWASP's REST cheat sheet names for
 * APIs, with a policy that loads nothing (`default-src 'none'`) and keeps quality.md's directives. The headers only a
 * document reads (opener, permissions, agent cluster, prefetch, cross-domain policies) are left off the JSON: half
 * of every answer's header bytes, about a tenth of a cached catalog read's time.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'", // no inline scripts
  "style-src 'self' 'unsafe-inline'", // style attributes only; no stylesheets from elsewhere
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
  'permissions-policy': 'camera=(self), geolocation=(self), microphone=(), payment=(self)',
};

export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'strict-transport-security': SECURITY_HEADERS['strict-transport-security']!,
  'referrer-policy': SECURITY_HEADERS['referrer-policy']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The pages' set with more image origins in their policy: the map tiles' server of location fields (MAP_TILES_URL,
 * decision 052). Nothing else is loosened.
 */
export function pageHeaders(imgOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  if (imgOrigins.length === 0) return SECURITY_HEADERS;
  const csp = CSP.replace("img-src 'self' data: blob:", `img-src 'self' data: blob: ${imgOrigins.join(' ')}`);
  return { ...SECURITY_HEADERS, 'content-security-policy': csp };
}

/** The API's answers, but for its documentation (a page, with its own policy). */
const isApiAnswer = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** For an API route that answers a document (HTML, a PDF, a script module): the whole set. */
export const documentHeaders = (reply: FastifyReply): FastifyReply => reply.headers(SECURITY_HEADERS);

export function registerSecurityHeaders(app: FastifyInstance, imgOrigins: readonly string[] = []): void {
  const pages = pageHeaders(imgOrigins);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiAnswer(req.url) ? API_HEADERS : pages);
    done();
  });
}
