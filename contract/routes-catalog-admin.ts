import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import { ZSlug } from './common.ts';
import { defineRoute } from './route.ts';
import { ROLES_FOR } from './roles.ts';
import { ZCatalogServiceAdmin, ZCatalogServiceRow, ZServiceFormBody, ZServiceSettings } from './catalog-admin.ts';

/*
 * The services themselves, for the people who run them (issue 26, part 5; decision 069): MANAGE_SERVICES only.
 * Every write names the `version` it read; a stale one is 409 SERVICE_CHANGED. A change reaches every process
 * within the catalog's cache time (CATALOG_CACHE_MS, decision 003).
 */

const tags = ['catalog'] as const;
const catalog = { roles: ROLES_FOR.catalog } as const;
const one = z.object({ serviceSlug: ZSlug });

export const catalogAdminRoutes = {
  catalogServices: defineRoute({
    method: 'GET',
    path: '/api/staff/catalog/services',
    summary: 'Every service (hidden ones too) as the people who run them list them: on or off, available now, version',
    tags,
    auth: catalog,
    response: z.array(ZCatalogServiceRow),
    errors: [],
  }),
  catalogService: defineRoute({
    method: 'GET',
    path: '/api/staff/catalog/services/:serviceSlug',
    summary: "A service's stored definition (both languages) and the record of its latest changes (who, what, when)",
    tags,
    auth: catalog,
    params: one,
    response: ZCatalogServiceAdmin,
    errors: ['MODEL_NOT_FOUND'],
  }),
  catalogServiceSettings: defineRoute({
    method: 'PUT',
    path: '/api/staff/catalog/services/:serviceSlug/settings',
    summary:
      "A service's settings: on or off with a note, dates and activation window, where it shows, texts, required papers and fee (a new version, recorded)",
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: catalog,
    params: one,
    body: ZServiceSettings,
    response: ZCatalogServiceAdmin,
    errors: ['MODEL_NOT_FOUND', 'SERVICE_CHANGED'],
  }),
  catalogServiceForm: defineRoute({
    method: 'PUT',
    path: '/api/staff/catalog/services/:serviceSlug/form',
    summary:
      "A new version of a service's forms: checked and its validator modules generated when saved; requests filed before keep their version",
    tags,
    rateLimit: [LIMITS.staffWrite],
    auth: catalog,
    params: one,
    body: ZServiceFormBody,
    response: ZCatalogServiceAdmin,
    errors: ['MODEL_NOT_FOUND', 'SERVICE_CHANGED'],
  }),
} as const;
