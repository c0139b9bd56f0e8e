import type { FastifyInstance } from 'fastify';
import { ZContentFileHeaders } from '../../contract/content.ts';
import { contentRoutes as r } from '../../contract/routes-content.ts';
import type { Db } from '../db/client.ts';
import { transaction } from '../db/tx.ts';
import { AppError } from '../domain/app-error.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { openContentFile, storeContentFile } from '../domain/content/files.ts';
import * as content from '../domain/content/manage.ts';
import type { FileStorage } from '../domain/storage/index.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { contentDisposition } from './files.ts';

/*
 * Managing the portal's content (issue 26, decision 067): news, the user-guide library, alert banners, the FAQ and
 * the home page's figures. The handlers adapt HTTP to the use cases in server/domain/content.
 */
export async function contentAdminRoutes(app: FastifyInstance, db: Db, catalog: CatalogStore, storage: FileStorage) {
  const actor = (req: Parameters<typeof signedInViewer>[0]) => signedInViewer(req).userId;
  const inTx = <T>(fn: (tx: Db) => Promise<T>) => transaction(db, fn);

  registerRoute(app, r.contentNewsList, async () => ({ items: await content.listNewsAdmin(db) }));
  registerRoute(app, r.contentNewsCreate, async ({ body }, req) =>
    inTx((tx) => content.createNews(tx, { body, actorId: actor(req) })),
  );
  registerRoute(app, r.contentNewsItem, async ({ params }) => content.newsItemAdmin(db, params.id));
  registerRoute(app, r.contentNewsUpdate, async ({ params, body }, req) =>
    inTx((tx) => content.updateNews(tx, { id: params.id, body, actorId: actor(req) })),
  );
  registerRoute(app, r.contentNewsPublish, async ({ params, body }, req) =>
    inTx((tx) => content.publishNews(tx, { id: params.id, publishAt: body.publishAt, actorId: actor(req) })),
  );
  registerRoute(app, r.contentNewsWithdraw, async ({ params }, req) =>
    inTx((tx) => content.withdrawNews(tx, { id: params.id, actorId: actor(req) })),
  );

  // The upload's body is the file: no parser reads it; the use case streams it with its size cap.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    registerRoute(scope, r.contentFileUpload, async (_input, req) => {
      const headers = ZContentFileHeaders.safeParse(req.headers);
      if (!headers.success)
        throw new AppError('INVALID_INPUT', 'x-file-name and x-file-kind are required', {
          fieldErrors: Object.fromEntries(headers.error.issues.map((i) => [String(i.path[0] ?? 'headers'), ['invalid']])),
        });
      const declared = req.headers['content-length'];
      return storeContentFile(db, storage, {
        kind: headers.data['x-file-kind'],
        fileName: headers.data['x-file-name'],
        declaredBytes: declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined,
        body: req.raw,
        actorId: actor(req),
        claim: (sha256) => req.idempotency!.claimBody!(sha256),
      });
    });
  });

  registerRoute(app, r.contentFile, async ({ params, query }, _req, reply) => {
    const { file, mime, bytes, stream } = await openContentFile(db, storage, params.id, query.size);
    if (bytes !== undefined) reply.header('content-length', bytes);
    return reply
      .type(mime)
      .header('content-disposition', file.kind === 'pdf' ? contentDisposition(file.name) : 'inline')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(stream);
  });

  registerRoute(app, r.contentGuides, async () => ({ items: await content.listGuidesAdmin(db) }));
  registerRoute(app, r.contentGuideCreate, async ({ body }, req) => ({
    items: await inTx((tx) => content.createGuide(tx, { body, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentGuideUpdate, async ({ params, body }, req) => ({
    items: await inTx((tx) => content.updateGuide(tx, { id: params.id, body, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentGuideDelete, async ({ params }, req) => ({
    items: await inTx((tx) => content.deleteGuide(tx, { id: params.id, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentGuideOrder, async ({ body }, req) => ({
    items: await inTx((tx) => content.orderGuides(tx, { ids: body.ids, actorId: actor(req) })),
  }));

  registerRoute(app, r.contentBanners, async () => ({ items: await content.listBannersAdmin(db) }));
  registerRoute(app, r.contentBannerCreate, async ({ body }, req) => ({
    items: await inTx((tx) => content.createBanner(tx, { body, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentBannerUpdate, async ({ params, body }, req) => ({
    items: await inTx((tx) => content.updateBanner(tx, { id: params.id, body, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentBannerDelete, async ({ params }, req) => ({
    items: await inTx((tx) => content.deleteBanner(tx, { id: params.id, actorId: actor(req) })),
  }));

  registerRoute(app, r.contentFaq, async () => ({ items: await content.listFaqAdmin(db) }));
  registerRoute(app, r.contentFaqCreate, async ({ body }, req) => ({
    items: await inTx((tx) => content.createFaq(tx, { body, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentFaqUpdate, async ({ params, body }, req) => ({
    items: await inTx((tx) => content.updateFaq(tx, { id: params.id, body, actorId: actor(req) })),
  }));
  registerRoute(app, r.contentFaqDelete, async ({ params }, req) => ({
    items: await inTx((tx) => content.deleteFaq(tx, { id: params.id, actorId: actor(req) })),
  }));

  const servicesCount = () => catalog.servicesCount();
  registerRoute(app, r.contentFigures, async () => ({
    services: await servicesCount(),
    ...(await content.figureSettings(db)),
  }));
  registerRoute(app, r.contentFiguresUpdate, async ({ body }, req) => {
    const services = await servicesCount();
    return inTx((tx) => content.setFigures(tx, { body, actorId: actor(req), services }));
  });
}
