import type { FastifyInstance } from 'fastify';
import { routes } from '../../contract/routes.ts';
import { AppError, notFound } from '../domain/app-error.ts';
import { registerRoute } from '../http/register.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';

/** Application data, news, FAQ and service centers. */
export function contentRoutes(
  app: FastifyInstance,
  catalog: CatalogStore,
  map?: { tilesUrl: string; attribution: string } | undefined,
): void {
  registerRoute(app, routes.appData, async () => {
    const data = await catalog.appData();
    if (!data) throw new AppError('NO_DATA', 'Application data is not configured');
    // The location fields' map (decision 052): the configured tile server, or none.
    return map ? { ...data, config: { ...data.config, map: { tilesUrl: map.tilesUrl, attribution: map.attribution } } } : data;
  });

  registerRoute(app, routes.news, async ({ query }) => catalog.news(query.limit, query.skip));

  registerRoute(app, routes.newsItem, async ({ params }) => {
    const item = await catalog.newsItem(params.id);
    if (!item) throw notFound('News item');
    return item;
  });

  registerRoute(app, routes.faq, async () => catalog.faq());

  registerRoute(app, routes.serviceCenters, async ({ query }) => catalog.referenceData(query));
}
