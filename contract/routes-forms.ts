import { z } from 'zod/mini';
import { ZSlug } from './common.ts';
import { ZServiceFormVersion } from './catalog-admin.ts';
import { defineRoute } from './route.ts';

/*
 * Form validator modules (decision 018): the browser's precompiled validators, generated on the server from the
 * same JSON Schema the server validates with. Each answer is an ES module (text/javascript, immutable): the URL
 * carries the service version and the schema hash (contract/form-schema.ts `activityValidatorUrl`,
 * `formValidatorUrl`), so a changed schema is a new URL and an old one answers 404.
 */

const ZModuleFile = z.string().check(z.regex(/^[0-9a-f]{16}\.js$/));
const ZActivityId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const ZVersion = z.string().check(z.regex(/^[1-9][0-9]{0,8}$/));
/** `contact`, `signup.<userSlug>` or `profile.<userSlug>`. */
const ZFormKey = z.string().check(z.regex(/^(contact|(signup|profile)\.[A-Za-z0-9_-]{2,64})$/));

const tags = ['forms'] as const;

export const formsRoutes = {
  activityValidator: defineRoute({
    method: 'GET',
    path: '/api/forms/validators/:serviceSlug/:activityId/:version/:file',
    summary: 'The precompiled validators of a service activity (every step), as an ES module',
    tags,
    auth: 'public',
    params: z.object({ serviceSlug: ZSlug, activityId: ZActivityId, version: ZVersion, file: ZModuleFile }),
    response: z.string(),
    errors: ['MODEL_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
  }),
  serviceFormVersion: defineRoute({
    method: 'GET',
    path: '/api/forms/services/:serviceSlug/versions/:version',
    summary: "A service's forms as they were at one version (a request keeps the version it was filed with; immutable)",
    tags,
    auth: 'public',
    params: z.object({ serviceSlug: ZSlug, version: ZVersion }),
    response: ZServiceFormVersion,
    errors: ['MODEL_NOT_FOUND'],
  }),
  formValidator: defineRoute({
    method: 'GET',
    path: '/api/forms/validators/forms/:formKey/:file',
    summary: 'The precompiled validators of a fixed form (contact, sign-up or profile of a user type), as an ES module',
    tags,
    auth: 'public',
    params: z.object({ formKey: ZFormKey, file: ZModuleFile }),
    response: z.string(),
    errors: ['MODEL_NOT_FOUND'],
  }),
} as const;
