import type { FastifyInstance } from 'fastify';
import { auditRoutes as r } from '../../contract/routes-audit.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../domain/app-error.ts';
import { auditLooks, citizenLooks, exportLooks, recordLook, reportLook } from '../domain/audit/data-access.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { signedInViewer } from '../http/auth.ts';
import { lookerOf } from '../http/looker.ts';
import { registerRoute } from '../http/register.ts';
import { langOf } from '../http/sign-in.ts';
import { contentDisposition } from './files.ts';

/*
 * The data-access record (issue 28 parts 4 and 5, decision 071): thin adapters to server/domain/audit. The
 * descriptors admit the auditor (list, export) and citizens (their own looks, a report); nothing here changes or
 * removes a look.
 */
export function auditRoutes(app: FastifyInstance, db: Db, config: AppConfig, catalog: CatalogStore): void {
  registerRoute(app, r.dataAccessList, async ({ query }) => auditLooks(db, query));

  registerRoute(app, r.dataAccessExport, async ({ query }, req, reply) => {
    const { lang, ...filters } = query;
    const language = lang ?? langOf(req);
    // The auditor's export holds citizens' names and national ids: it is a look too.
    await recordLook(db, {
      by: lookerOf(req)!,
      citizenId: null,
      kind: 'report_export',
      recordId: 'data-access',
      purpose: 'report',
    });
    const { csv } = await exportLooks(db, filters, language);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(language === 'ar' ? `سجل الاطلاع ${day}.csv` : `data-access ${day}.csv`))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  registerRoute(app, r.myDataAccess, async ({ query }, req) =>
    citizenLooks(db, signedInViewer(req).userId, { limit: query.limit, skip: query.skip }),
  );

  registerRoute(app, r.reportLook, async ({ params, body }, req) => {
    const tickets = (await catalog.services('staff')).find((s) => s.serviceSlug === 'tickets');
    if (!tickets) throw new AppError('MODEL_NOT_FOUND', 'The support tickets service is not available');
    const report = await reportLook(db, {
      citizenId: signedInViewer(req).userId,
      lookId: params.id,
      note: body.note,
      tickets,
      lang: langOf(req),
      appOrigin: config.appOrigin,
    });
    return report;
  });
}
