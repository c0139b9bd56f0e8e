import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { TApiError } from '../../contract/errors.ts';

/**
 * Serves the built PWA from `distDir`:
 * - hashed files under /assets/ never change: cached for a year, `immutable`;
 * - index.html, sw.js and the manifest must be re-checked on every load (`no-cache`) so updates reach users;
 * - other files (icons, PDFs) for a day;
 * - an unknown page path (no file extension, not /api) gets index.html: the SPA router draws it, including its
 *   not-found page. /api/* and files that do not exist answer 404.
 */
export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route per built file (globbed at start): faster than a wildcard, and a missing asset is a 404.
      wildcard: false,
      index: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (rel === 'index.html' || rel === 'sw.js' || rel.endsWith('.webmanifest'))
          res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  };

  app.get('/', (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api' && !path.extname(url);
    if (isPage) return sendIndex(reply);
    const body: TApiError = { code: 'NOT_FOUND', message: `No route ${req.method} ${url.slice(0, 200)}` };
    return reply.status(404).send(body);
  });
}
