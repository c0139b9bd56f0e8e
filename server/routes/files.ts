import { actsOnService } from '../../contract/workflow.ts';
import { inScope, staffMember } from '../domain/staff/scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OWNER_TOKEN, OWNER_TOKEN_HEADER, ZAttachmentHeaders } from '../../contract/requests.ts';
import { requestRoutes as r } from '../../contract/routes-requests.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openAttachment, storeUpload, type FileCaller } from '../domain/attachments/attachments.ts';
import { hashOwnerToken } from '../domain/idempotency/idempotency.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { documentFromQr, documentPdf, listDocuments } from '../domain/documents/documents.ts';
import { documentKey } from '../domain/documents/issue.ts';
import { setFavoriteServices } from '../domain/identity/favorites.ts';
import type { FileStorage } from '../domain/storage/index.ts';
import { documentHeaders } from '../plugins/security-headers.ts';
import { AppError } from '../domain/app-error.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { lookerOf } from '../http/looker.ts';
import { recordLook } from '../domain/audit/data-access.ts';
import { langOf } from '../http/sign-in.ts';
import { audienceOf } from '../http/viewer.ts';

/*
 * Attachments, printed documents and tasks (issue 10 items 5, 6 and 8; decision 021). The handlers adapt HTTP to
 * the use cases in server/domain/attachments, documents and identity/favorites.
 */

/** Who asks, as the file use cases know them: the signed-in user, or a visitor with the anonymous filer's token. */
function callerOf(req: FastifyRequest): FileCaller {
  const v = req.viewer;
  if (v.kind !== 'visitor') return { kind: 'user', userId: v.userId, isCitizen: v.kind === 'citizen' };
  const token = req.headers[OWNER_TOKEN_HEADER];
  return {
    kind: 'visitor',
    ownerTokenHash: typeof token === 'string' && OWNER_TOKEN.test(token) ? hashOwnerToken(token) : undefined,
  };
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback and the real name. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function filesRoutes(app: FastifyInstance, db: Db, catalog: CatalogStore, storage: FileStorage, config: AppConfig) {
  // The upload's body is the file: no parser reads it (any content type is taken as bytes); the handler streams
  // it with its size cap after the policy and the field's checks.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    registerRoute(scope, r.attachmentUpload, async ({ params }, req) => {
      const headers = ZAttachmentHeaders.safeParse(req.headers);
      if (!headers.success)
        throw new AppError('INVALID_INPUT', 'x-field-id, x-activity-id and x-file-name are required', {
          fieldErrors: Object.fromEntries(headers.error.issues.map((i) => [String(i.path[0] ?? 'headers'), ['invalid']])),
        });
      const declared = req.headers['content-length'];
      return storeUpload(db, storage, {
        services: await catalog.services(audienceOf(req)),
        serviceSlug: params.serviceSlug,
        activityId: headers.data['x-activity-id'],
        fieldId: headers.data['x-field-id'],
        fileName: headers.data['x-file-name'],
        declaredBytes: declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined,
        body: req.raw,
        caller: callerOf(req),
        // registerRoute's port for a streamed body: the key is claimed with the bytes' SHA-256 (decision 038).
        claim: (sha256) => req.idempotency!.claimBody!(sha256),
      });
    });
  });

  registerRoute(app, r.attachmentDownload, async ({ params }, req, reply) => {
    // Staff may read the files of the requests they act on (their services, their scope).
    const member = req.viewer.kind === 'staff' ? await staffMember(db, req.viewer.userId) : undefined;
    const services = member ? await catalog.services('staff') : [];
    const { ref, stream, ownerId, request } = await openAttachment(db, storage, {
      id: params.id,
      caller: callerOf(req),
      staffMayRead: (r) => {
        const service = services.find((s) => s.serviceSlug === r.serviceSlug);
        return member !== undefined && service !== undefined && actsOnService(service, member.roles) && inScope(member, r);
      },
    });
    // A file opened by staff (or an agent) is a look at its owner's data (decision 071).
    const by = lookerOf(req);
    if (by) await recordLook(db, { by, citizenId: ownerId, kind: 'files', recordId: ref.id, request });
    return reply
      .type(ref.mime)
      .header('content-length', ref.size)
      .header('content-disposition', contentDisposition(ref.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  registerRoute(app, r.documentList, async ({ query }, req) =>
    listDocuments(db, await catalog.services('staff'), {
      userId: signedInViewer(req).userId,
      limit: query.limit,
      skip: query.skip,
      appOrigin: config.appOrigin,
      key: await documentKey(db),
    }),
  );

  registerRoute(app, r.documentPdf, async ({ params, query }, req, reply) => {
    const { pdf, fileName } = await documentPdf(db, storage, await catalog.services('staff'), {
      id: params.id,
      caller: callerOf(req),
      lang: query.lang ?? (req.headers['accept-language'] ? langOf(req) : undefined),
      appOrigin: config.appOrigin,
      key: await documentKey(db),
    });
    return documentHeaders(reply)
      .type('application/pdf')
      .header('content-disposition', contentDisposition(fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  registerRoute(app, r.runTasks, async ({ body }, req) => {
    if ('token' in body) {
      return { GetDocumentFromQr: await documentFromQr(db, await catalog.services('staff'), body.token) };
    }
    // Favourites are a citizen's (spec section 2 "Service cards": the toggle shows only to a signed-in citizen).
    const v = req.viewer;
    if (v.kind === 'visitor') throw new AppError(v.expired ? 'GRANT_EXPIRED' : 'UNAUTHORIZED', 'Sign in first');
    if (v.kind !== 'citizen') throw new AppError('FORBIDDEN', 'Favourites are for citizens');
    return {
      favoriteServices: await setFavoriteServices(db, await catalog.services('staff'), {
        userId: v.userId,
        favoriteServices: body.favoriteServices,
      }),
    };
  });
}
