import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/app-error.ts';
import { BackupRefused } from '../domain/backup/backup.ts';
import { backupTo, parsePlace } from '../domain/backup/places.ts';

/*
 * The operator's backup of a running portal on the embedded database (decision 072). PGlite is one process: while
 * the portal runs, `npm run backup` cannot open its data folder, so it asks the portal, which backs itself up
 * (a copy of its database taken in a moment, read while it goes on serving). Answered only to a caller on this
 * machine (the socket's own address, never a forwarded one) that shows the token the portal wrote into its data
 * folder at start (DATA_DIR/db/ops.json, readable by whoever may read the data itself); anyone else gets 404, as
 * if there were no such route. One backup at a time (429 while one runs).
 */

const FOLDER_ERRORS = new Set(['EACCES', 'EPERM', 'ENOENT', 'ENOTDIR', 'EEXIST', 'EROFS', 'EISDIR', 'ENOSPC', 'ENAMETOOLONG']);
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const tokens = new WeakMap<FastifyInstance, string>();

/** Makes the app's operator token (main.ts writes it, with the port, into DATA_DIR/db/ops.json). */
export function issueOpsToken(app: FastifyInstance): string {
  const token = crypto.randomBytes(32).toString('base64url');
  tokens.set(app, token);
  return token;
}

const sameSecret = (given: string, token: string): boolean =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), crypto.createHash('sha256').update(token).digest());

export function opsRoutes(app: FastifyInstance): void {
  let busy = false;
  app.post('/ops/backup', { schema: { hide: true }, bodyLimit: 4096 }, async (req) => {
    const token = tokens.get(app);
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!token || !LOOPBACK.has(req.socket.remoteAddress ?? '') || !sameSecret(given, token))
      throw new AppError('NOT_FOUND', 'Not found');
    const to = (req.body as { to?: unknown } | undefined)?.to;
    if (typeof to !== 'string' || to.length === 0 || to.length > 1000)
      throw new AppError('INVALID_INPUT', 'Say where the backup goes: { "to": "<folder>" or "s3://bucket/prefix" }');
    if (busy) throw new AppError('TOO_MANY_REQUESTS', 'A backup is running already');
    busy = true;
    try {
      const { location, manifest } = await backupTo(parsePlace(to), {
        database: app.deps.database,
        storage: app.deps.storage,
        ...(process.env.npm_package_version ? { appVersion: process.env.npm_package_version } : {}),
      });
      return { location, manifest };
    } catch (err) {
      if (err instanceof BackupRefused) throw new AppError('VALIDATION_ERROR', err.message);
      // A folder that cannot be written (no such place, no permission, a file in the way): the caller's to fix.
      const code = (err as NodeJS.ErrnoException).code;
      if (code && FOLDER_ERRORS.has(code)) throw new AppError('VALIDATION_ERROR', `Cannot write the backup there (${code})`);
      // The bucket's store refused or did not answer.
      if ((err as { $metadata?: unknown }).$metadata !== undefined)
        throw new AppError('INTEGRATION_ERROR', (err as Error).message);
      throw err;
    } finally {
      busy = false;
    }
  });
}
