import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { routes } from '../../contract/routes.ts';
import { ZCategoryCard, ZServiceCard } from '../../contract/catalog.ts';
import { ZServicePage } from '../../contract/service-page.ts';
import type { TService } from '../../contract/catalog.ts';
import type { TLang } from '../../contract/common.ts';
import { AppError, notFound } from '../domain/app-error.ts';
import { RawJson, registerRoute } from '../http/register.ts';
import { langOf } from '../http/sign-in.ts';
import { audienceOf } from '../http/viewer.ts';
import { applyFilter, matchesWhere, project } from '../domain/catalog/apply-filter.ts';
import type { Audience, CatalogStore } from '../domain/catalog/catalog-store.ts';
import { categoryCard, serviceCard, servicePage } from '../domain/catalog/views.ts';

/** The form of an answer a caller asked for: a view in one language, or the full answer (decision 033). */
type Form = { view: 'card' | 'page'; lang: TLang; byHeader: boolean } | undefined;

/**
 * `view` with its language (`lang`, else the request's Accept-Language), or nothing: the full answer. A view is
 * its own field set, so a filter that also chooses fields is refused; `lang` alone would change nothing.
 */
function formOf(
  req: FastifyRequest,
  query: { view?: 'card' | 'page' | undefined; lang?: TLang | undefined },
  chosesFields: boolean,
): Form {
  if (query.view === undefined) {
    if (query.lang !== undefined)
      throw new AppError('INVALID_INPUT', 'lang chooses the texts of a view (view=card or view=page); the full answer has both');
    return undefined;
  }
  if (chosesFields)
    throw new AppError('INVALID_FILTER', `fields cannot be chosen with view=${query.view}: the view is the field set`);
  return { view: query.view, lang: query.lang ?? langOf(req), byHeader: query.lang === undefined };
}

const formKey = (form: Form): string => (form ? `${form.view}:${form.lang}` : 'full');

/**
 * A validated filter written out, once per filter object: a repeated query's validated input is one object
 * (server/http/validation.ts), so its answer is found without writing the filter out on every read.
 */
const filterKeys = new WeakMap<object, string>();
function filterKey(filter: object | undefined): string {
  if (filter === undefined) return 'null';
  let key = filterKeys.get(filter);
  if (key === undefined) {
    key = JSON.stringify(filter);
    filterKeys.set(filter, key);
  }
  return key;
}

/**
 * The catalog routes as registered: their descriptors, answering either form (decision 033). The card and page
 * forms join the documented answer here rather than in the descriptors, which the home page's JavaScript carries.
 */
const categoriesRoute = { ...routes.categories, response: z.union([routes.categories.response, z.array(ZCategoryCard)]) };
const servicesRoute = { ...routes.services, response: z.union([routes.services.response, z.array(ZServiceCard)]) };
const serviceFindOneRoute = { ...routes.serviceFindOne, response: z.union([routes.serviceFindOne.response, ZServicePage]) };

/** Catalog routes: categories and services (spec section 7 "Categories and services"). */
export function catalogRoutes(app: FastifyInstance, catalog: CatalogStore): void {
  // Every answer is `RawJson` from `cached` (compressed once per answer).
  const precompressed = { precompressed: true } as const;
  /**
   * Answers are cached serialised per filter, audience and form for the life of the catalog snapshot and the Cairo
   * day (`services()` drops them when either changes). `build` gets the audience's services, and may throw (404).
   */
  const cached = async (
    route: string,
    asked: Audience,
    form: Form,
    filter: object | undefined,
    build: (services: TService[], audience: Audience) => unknown,
  ): Promise<RawJson> => {
    // The audience whose answers this caller shares (a user type no service is limited to shares the visitor's).
    const { audience, services } = await catalog.view(asked);
    const key = `${route}|${audience}|${formKey(form)}|${filterKey(filter)}`;
    let body = catalog.responses.get(key);
    if (body === undefined) {
      body = { text: JSON.stringify(await build(services, audience)) };
      if (catalog.responses.size > 500) catalog.responses.clear(); // bounded: filters come from clients
      catalog.responses.set(key, body);
    }
    // A view whose language came from Accept-Language differs by that header; with `lang`, the address says it all.
    return new RawJson(body, form?.byHeader ? 'accept-encoding, accept-language' : undefined);
  };

  registerRoute(
    app,
    categoriesRoute,
    async ({ query }, req) => {
      const audience = audienceOf(req);
      const filter = query.filter;
      const includes = filter?.include ? (Array.isArray(filter.include) ? filter.include : [filter.include]) : [];
      const servicesInclude = includes.find((i) => i === 'services' || (typeof i === 'object' && i.relation === 'services'));
      const serviceFields = typeof servicesInclude === 'object' ? servicesInclude.scope?.fields : undefined;
      const form = formOf(req, query, filter?.fields !== undefined || serviceFields !== undefined);
      return cached('categories', audience, form, filter, async (services) => {
        const inCategory = (id: string | undefined) => services.filter((s) => id !== undefined && s.categoryIds.includes(id));
        if (form) {
          const categories = applyFilter(await catalog.categories(), filter) as Awaited<ReturnType<typeof catalog.categories>>;
          return categories.map((c) => categoryCard(c, form.lang, servicesInclude ? inCategory(c.id) : undefined));
        }
        const categories = applyFilter(await catalog.categories(), filter);
        return categories.map((c) =>
          servicesInclude ? { ...c, services: inCategory(c.id).map((s) => project(s, serviceFields)) } : c,
        );
      });
    },
    precompressed,
  );

  registerRoute(
    app,
    servicesRoute,
    async ({ query }, req) => {
      const audience = audienceOf(req);
      const form = formOf(req, query, query.filter?.fields !== undefined);
      return cached('services', audience, form, query.filter, (all) => {
        const services = applyFilter(all, query.filter);
        return form ? (services as TService[]).map((s) => serviceCard(s, form.lang)) : services;
      });
    },
    precompressed,
  );

  registerRoute(
    app,
    serviceFindOneRoute,
    async ({ query }, req) => {
      const filter = query.filter;
      const where = filter?.where;
      // The contract requires where.id or where.serviceSlug; a missing filter is the same mistake.
      if (!filter || !where) throw new AppError('INVALID_FILTER', 'filter.where.id or filter.where.serviceSlug is required');
      const form = formOf(req, query, filter.fields !== undefined);
      const audience = audienceOf(req);
      // The service is looked for only when its answer is not cached yet: a cached answer is a found service.
      return cached('findOne', audience, form, filter, async (services, shared) => {
        const matches = (s: TService) => matchesWhere(s as unknown as Record<string, unknown>, where);
        const found = services.find(matches);
        if (!found) {
          // A service hidden on web, or offered to other user types (decision 074), is not this caller's to see, but
          // it is not an unknown address either: the screens send them home (spec section 2), not to the not-found page.
          if (shared !== 'staff' && (await catalog.services('staff')).some(matches))
            throw new AppError('SERVICE_HIDDEN', 'Service not offered on web to this user type');
          throw notFound('Service');
        }
        return form ? servicePage(found, form.lang) : project<TService>(found, filter.fields);
      });
    },
    precompressed,
  );
}
