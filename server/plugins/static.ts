import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { TApiError } from '../../contract/errors.ts';
import { encodedBody, type PageRenderer } from './pages.ts';

export type BuildKind = 'citizen' | 'employee' | 'agent';

/**
 * Serves the built PWAs: the citizen build from `distDir`, and, on the ports the employee and agent builds are
 * served on (decision 022), theirs from their own directories. Which build a request is for is said by the port
 * it arrived on (`buildOf`); the API is the same on every port.
 * - hashed files under /assets/ never change: cached for a year, `immutable`;
 * - index.html, sw.js and the manifest must be re-checked on every load (`no-cache`) so updates reach users;
 * - other files (icons, PDFs) for a day;
 * - an unknown page path (no file extension, not /api) gets index.html: the SPA router draws it, including its
 *   not-found page. /api/* and files that do not exist answer 404.
 */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
  side: {
    builds?: Partial<Record<Exclude<BuildKind, 'citizen'>, string>>;
    buildOf?: (req: FastifyRequest) => BuildKind;
    /** The citizen build's public pages drawn by the server (decision 031). */
    pages?: PageRenderer;
  } = {},
): Promise<void> {
  const dirs: Record<BuildKind, string | undefined> = {
    citizen: distDir,
    employee: side.builds?.employee,
    agent: side.builds?.agent,
  };
  const built = (kind: BuildKind) => {
    const dir = dirs[kind];
    return dir !== undefined && fs.existsSync(path.join(dir, 'index.html'));
  };
  const cacheControl = (rel: string) =>
    rel.startsWith('assets/')
      ? 'public, max-age=31536000, immutable'
      : rel === 'index.html' || rel === 'sw.js' || rel.endsWith('.webmanifest')
        ? 'no-cache'
        : 'public, max-age=86400';

  if (built('citizen')) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route per built file (globbed at start): faster than a wildcard, and a missing asset is a 404.
      wildcard: false,
      index: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        res.setHeader('Cache-Control', cacheControl(path.relative(distDir, filePath).split(path.sep).join('/')));
      },
    });
  } else {
    // reply.sendFile for the other builds needs the decorator even without a citizen build.
    await app.register(fastifyStatic, { root: path.resolve(distDir), serve: false });
  }

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, kind: BuildKind) => {
    if (!built(kind)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(`The ${kind} web app is not built. Run \`npm run build\` (npm start does it for you).`);
    }
    const page = kind === 'citizen' && req.method === 'GET' ? await side.pages?.page(req) : undefined;
    if (page) {
      const { body, encoding } = encodedBody(page, req.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply
        .status(page.status)
        .header('Cache-Control', 'no-cache')
        .header('Content-Language', page.lang)
        .header('Vary', 'Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(body);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', dirs[kind]!, { cacheControl: false });
  };
  const isPage = (req: FastifyRequest, url: string) =>
    (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !path.extname(url);

  /*
   * A file is streamed after the hook returns; were the hook done before the answer is, routing would go on to the
   * citizen build's route for the same path (sw.js, icons, /docs/...) and the two answers would collide (a crash:
   * headers set after they were sent). So the hook resolves once the answer has gone out. An answer the browser
   * dropped half-way has not "ended" for Fastify, which would go on to that route (it crashed the server in an
   * end-to-end run): the reply is marked as taken over (`hijack`) first. One dropped before it started is left to
   * its own send path, which ends it and closes its file; the hook does not resume, so that route never runs.
   */
  const sentBy = (reply: FastifyReply, send: () => unknown) =>
    new Promise<FastifyReply>((resolve) => {
      reply.raw.once('finish', () => resolve(reply));
      reply.raw.once('close', () => {
        if (!reply.raw.headersSent) return;
        if (!reply.sent) reply.hijack();
        resolve(reply);
      });
      send();
    });

  // The employee and agent builds: their own files at the same paths, before the citizen build's routes.
  const buildOf = side.buildOf;
  if (buildOf) {
    app.addHook('onRequest', async (req, reply) => {
      const kind = buildOf(req);
      if (kind === 'citizen' || (req.method !== 'GET' && req.method !== 'HEAD')) return;
      let url: string;
      try {
        url = decodeURI(req.url.split('?')[0] ?? '/');
      } catch {
        return reply.status(400).send({ code: 'INVALID_INPUT', message: 'Bad path encoding' } satisfies TApiError);
      }
      if (url.startsWith('/api/') || url === '/api' || url === '/healthz' || url === '/readyz') return;
      const dir = dirs[kind];
      const rel = path.posix.normalize(url).replace(/^\/+/, '');
      if (
        dir &&
        rel !== '' &&
        !rel.startsWith('..') &&
        fs.existsSync(path.join(dir, rel)) &&
        fs.statSync(path.join(dir, rel)).isFile()
      )
        return sentBy(reply, () => reply.header('Cache-Control', cacheControl(rel)).sendFile(rel, dir, { cacheControl: false }));
      if (isPage(req, url)) return sentBy(reply, () => sendIndex(req, reply, kind));
      const body: TApiError = { code: 'NOT_FOUND', message: `No route ${req.method} ${url.slice(0, 200)}` };
      return reply.status(404).send(body);
    });
  }

  app.get('/', (req, reply) => sendIndex(req, reply, buildOf?.(req) ?? 'citizen'));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (isPage(req, url)) return sendIndex(req, reply, buildOf?.(req) ?? 'citizen');
    const body: TApiError = { code: 'NOT_FOUND', message: `No route ${req.method} ${url.slice(0, 200)}` };
    return reply.status(404).send(body);
  });
}
