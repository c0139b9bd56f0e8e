import type { FastifyInstance } from 'fastify';
import { catalogAdminRoutes as r } from '../../contract/routes-catalog-admin.ts';
import type { Db } from '../db/client.ts';
import { listServicesForAdmin, readServiceForAdmin, saveServiceForm, updateServiceSettings } from '../domain/catalog/admin.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { prepareServiceValidators } from '../domain/forms/validators.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';

/**
 * The services themselves, for the people who run them (issue 26, part 5; decision 069). A write drops this
 * process's catalog snapshot at once (its next read sees the change); other processes reload theirs within
 * CATALOG_CACHE_MS and generate the new version's validator modules as they do.
 */
export function catalogAdminRoutes(app: FastifyInstance, db: Db, catalog: CatalogStore): void {
  registerRoute(app, r.catalogServices, async () => listServicesForAdmin(db));

  registerRoute(app, r.catalogService, async ({ params }) => readServiceForAdmin(db, params.serviceSlug));

  registerRoute(app, r.catalogServiceSettings, async ({ params, body }, req) => {
    const answer = await updateServiceSettings(db, {
      serviceSlug: params.serviceSlug,
      settings: body,
      actor: { id: signedInViewer(req).userId },
    });
    catalog.invalidate();
    return answer;
  });

  registerRoute(app, r.catalogServiceForm, async ({ params, body }, req) => {
    const answer = await saveServiceForm(db, {
      serviceSlug: params.serviceSlug,
      body,
      actor: { id: signedInViewer(req).userId },
    });
    catalog.invalidate();
    prepareServiceValidators(answer.service);
    return answer;
  });
}
