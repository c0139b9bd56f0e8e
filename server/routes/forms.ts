import type { FastifyInstance, FastifyReply } from 'fastify';
import { formsRoutes as routes } from '../../contract/routes-forms.ts';
import type { FormKey } from '../../contract/form-schema.ts';
import type { Db } from '../db/client.ts';
import { documentHeaders } from '../plugins/security-headers.ts';
import { AppError, notFound } from '../domain/app-error.ts';
import { registerRoute } from '../http/register.ts';
import { audienceOf } from '../http/viewer.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { formValidatorModuleFor, activityValidatorModuleFor } from '../domain/forms/modules.ts';
import { serviceAtVersion } from '../domain/catalog/versions.ts';

/**
 * Precompiled validator modules (decision 018): immutable ES modules, same origin, so the strict CSP
 * (`script-src 'self'`, no eval) lets the form import them. The URL names the version and the schema
 * hash; anything else answers 404 with its code (never a module that does not match the form's schema).
 */
export function formsRoutes(app: FastifyInstance, db: Db, catalog: CatalogStore): void {
  const sendModule = (reply: FastifyReply, code: string) =>
    documentHeaders(reply)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type('text/javascript; charset=utf-8')
      .send(code);

  registerRoute(app, routes.activityValidator, async ({ params }, req, reply) => {
    const services = await catalog.services(audienceOf(req));
    const current = services.find((s) => s.serviceSlug === params.serviceSlug);
    if (!current) throw notFound('Service');
    // A request keeps the version it was filed with (issue 26): an earlier version's module is served as well.
    const version = Number(params.version);
    if (version > current.version) throw notFound('Validator module version');
    const service = await serviceAtVersion(db, current, version);
    const module = activityValidatorModuleFor(service, params.activityId);
    if (!module) throw new AppError('ACTIVITY_NOT_FOUND', `No activity ${params.activityId}`);
    if (service.version !== version || `${module.hash}.js` !== params.file) {
      throw notFound('Validator module version');
    }
    return sendModule(reply, module.code);
  });

  registerRoute(app, routes.serviceFormVersion, async ({ params }, req, reply) => {
    const current = (await catalog.services(audienceOf(req))).find((s) => s.serviceSlug === params.serviceSlug);
    const version = Number(params.version);
    if (!current || version > current.version) throw notFound('Service version');
    const service = await serviceAtVersion(db, current, version);
    if (service.version !== version) throw notFound('Service version');
    // A version never changes: kept as long as a module is.
    void reply.header('cache-control', 'public, max-age=31536000, immutable');
    return { serviceSlug: service.serviceSlug, version, activities: service.activities };
  });

  registerRoute(app, routes.formValidator, async ({ params }, _req, reply) => {
    const module = await formValidatorModuleFor(db, params.formKey as FormKey);
    if (!module || `${module.hash}.js` !== params.file) throw notFound('Validator module');
    return sendModule(reply, module.code);
  });
}
