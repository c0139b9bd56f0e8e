import type { FastifyInstance } from 'fastify';
import { routes } from '../../contract/routes.ts';
import { AppError, notFound } from '../domain/app-error.ts';
import { registerRoute } from '../http/register.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';

/** Application data, news, FAQ and service centers. */
export function contentRoutes(app: FastifyInstance, catalog: CatalogStore): void {
  registerRoute(app, routes.appData, async () => {
    const data = await catalog.appData();
    if (!data) throw new AppError('NO_DATA', 'Application data is not configured');
    return data;
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
