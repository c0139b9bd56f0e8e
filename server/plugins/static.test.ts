import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerStatic } from './static.ts';

/**
 * The employee and agent builds have files at the citizen build's paths (sw.js, the manifest, icons). A browser
 * that drops such a file half-way (a page closed, a navigation) must not take the server down: once, a dropped
 * answer let the request go on to the citizen build's route, which wrote headers after they were sent, and
 * the process crashed in the middle of an end-to-end run.
 */
describe('the builds served side by side', () => {
  let app: FastifyInstance;
  let base: string;
  /** Errors raised while answering: the citizen build's route answering a request already answered is one. */
  const errors: string[] = [];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kahraba-static-'));
  const big = 'x'.repeat(8 * 1024 * 1024);

  beforeAll(async () => {
    for (const kind of ['citizen', 'employee']) {
      fs.mkdirSync(path.join(root, kind), { recursive: true });
      fs.writeFileSync(path.join(root, kind, 'index.html'), `<!doctype html><title>${kind}</title>`);
      fs.writeFileSync(path.join(root, kind, 'sw.js'), `// ${kind}\n${big}`);
    }
    app = Fastify({ logger: false });
    registerSecurityHeaders(app);
    registerErrorHandler(app);
    app.addHook('onError', (_req, _reply, err, done) => {
      errors.push(err.message);
      done();
    });
    await registerStatic(app, path.join(root, 'citizen'), {
      builds: { employee: path.join(root, 'employee') },
      buildOf: (req) => (req.headers['x-build'] === 'employee' ? 'employee' : 'citizen'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; first: string }>((resolve, reject) => {
      http
        .get(`${base}/sw.js`, { headers }, (res) => {
          res.once('data', (chunk: Buffer) => resolve({ status: res.statusCode ?? 0, first: chunk.toString('utf8', 0, 20) }));
        })
        .on('error', reject);
    });

  it("gives each build its own file, and survives a browser that drops the employee build's file half-way", async () => {
    for (let i = 0; i < 3; i++) {
      // Dropped after the first bytes: the socket is destroyed while the file is still being sent.
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${base}/sw.js`, { headers: { 'x-build': 'employee' } }, (res) => {
          res.once('data', () => {
            req.destroy();
            setTimeout(resolve, 50);
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve() : reject(err)));
      });
    }
    expect(await get({ 'x-build': 'employee' })).toEqual({ status: 200, first: '// employee\nxxxxxxxx' });
    expect(await get({})).toEqual({ status: 200, first: '// citizen\nxxxxxxxxx' });
    expect(errors).toEqual([]);
  });
});
