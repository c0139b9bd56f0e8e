import type { FastifyInstance } from 'fastify';
import { routes } from '../../contract/routes.ts';
import type { TService } from '../../contract/catalog.ts';
import { AppError, notFound } from '../http/app-error.ts';
import { RawJson, registerRoute } from '../http/register.ts';
import { audienceOf } from '../http/viewer.ts';
import { applyFilter, matchesWhere, project } from '../domain/catalog/apply-filter.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';

/** Catalog routes: categories and services (spec section 7 "Categories and services"). */
export function catalogRoutes(app: FastifyInstance, catalog: CatalogStore): void {
  /** Answers are cached serialised per filter and audience for the life of the catalog snapshot. */
  const cached = async (key: string, build: () => Promise<unknown>): Promise<RawJson> => {
    await catalog.current();
    let body = catalog.responses.get(key);
    if (body === undefined) {
      body = { text: JSON.stringify(await build()) };
      if (catalog.responses.size > 500) catalog.responses.clear(); // bounded: filters come from clients
      catalog.responses.set(key, body);
    }
    return new RawJson(body);
  };

  registerRoute(app, routes.categories, async ({ query }, req) => {
    const audience = audienceOf(req);
    const filter = query.filter;
    return cached(`categories|${audience}|${JSON.stringify(filter ?? null)}`, async () => {
      const includes = filter?.include ? (Array.isArray(filter.include) ? filter.include : [filter.include]) : [];
      const servicesInclude = includes.find((i) => i === 'services' || (typeof i === 'object' && i.relation === 'services'));
      const serviceFields = typeof servicesInclude === 'object' ? servicesInclude.scope?.fields : undefined;
      const services = servicesInclude ? await catalog.services(audience) : [];
      const categories = applyFilter(await catalog.categories(), filter);
      return categories.map((c) =>
        servicesInclude
          ? {
              ...c,
              services: services
                .filter((s) => c.id !== undefined && s.categoryIds.includes(c.id))
                .map((s) => project(s, serviceFields)),
            }
          : c,
      );
    });
  });

  registerRoute(app, routes.services, async ({ query }, req) => {
    const audience = audienceOf(req);
    return cached(`services|${audience}|${JSON.stringify(query.filter ?? null)}`, async () =>
      applyFilter(await catalog.services(audience), query.filter),
    );
  });

  registerRoute(app, routes.serviceFindOne, async ({ query }, req) => {
    const filter = query.filter;
    const where = filter?.where;
    // The contract requires where.id or where.serviceSlug; a missing filter is the same mistake.
    if (!filter || !where) throw new AppError('INVALID_FILTER', 'filter.where.id or filter.where.serviceSlug is required');
    const audience = audienceOf(req);
    const key = `findOne|${audience}|${JSON.stringify(filter)}`;
    const found = (await catalog.services(audience)).find((s) => matchesWhere(s as unknown as Record<string, unknown>, where));
    if (!found) throw notFound('Service');
    return cached(key, async () => project<TService>(found, filter.fields));
  });
}
