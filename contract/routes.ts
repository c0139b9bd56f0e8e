import { z } from 'zod/mini';
import { LIMITS } from './limits.ts';
import {
  CATEGORY_FIELDS,
  SERVICE_FIELDS,
  ZAppData,
  ZCategoryPartial,
  ZFaqEntry,
  ZNewsItem,
  ZNewsPage,
  ZServiceCenters,
  ZServicePartial,
  ZCategoryCard,
} from './catalog.ts';
import { ZId, ZLang, ZSlug } from './common.ts';
import { makeFilterSchema, whereValue } from './filter.ts';
import {
  ZClientErrorReport,
  ZContactMessageBody,
  ZContactMessageReceived,
  ZNewsletterSubscribeBody,
  ZNewsletterSubscribed,
  ZPageTime,
  ZReceived,
} from './public-forms.ts';
import { defineRoute } from './route.ts';
import { ZChatAnswer, ZChatBody } from './chat.ts';

/* ---------------------------------------------- filters ---------------------------------------------------- */

export const ZServiceFilter = makeFilterSchema({
  where: {
    id: whereValue(ZId),
    serviceSlug: whereValue(ZSlug),
    categoryIds: whereValue(ZId),
    deactivated: z.boolean(),
    allowAnonymous: z.boolean(),
    serviceType: whereValue(z.enum(['request', 'payment', 'registration', 'ticket', 'information'])),
  },
  fields: SERVICE_FIELDS,
  order: ['order', 'serviceSlug', 'createdAt', 'updatedAt', 'serviceLabel'],
});
export type TServiceFilter = z.input<typeof ZServiceFilter>;

/** findOne needs a where clause naming the service by id or slug. */
export const ZServiceFindOneFilter = makeFilterSchema({
  where: { id: ZId, serviceSlug: ZSlug },
  fields: SERVICE_FIELDS,
  order: ['order'],
}).check(
  z.refine((f) => f.where?.id !== undefined || f.where?.serviceSlug !== undefined, {
    message: 'where.id or where.serviceSlug is required',
    path: ['where'],
  }),
);

export const ZCategoryFilter = makeFilterSchema({
  where: { id: whereValue(ZId) },
  fields: CATEGORY_FIELDS,
  include: ['services'],
  includeFields: SERVICE_FIELDS,
  order: ['order', 'name', 'id'],
});
export type TCategoryFilter = z.input<typeof ZCategoryFilter>;

/**
 * The form of a catalog answer (decision 033): without `view`, the full answer (both languages, every field the
 * filter keeps); `view=card` (lists) or `view=page` (findOne), the fields that screen shows with the texts of one
 * language, `lang`, else the request's Accept-Language. `lang` without `view` is refused, as is `fields` with a view.
 */
const catalogView = <V extends string>(view: V) => z.object({ view: z.optional(z.literal(view)), lang: z.optional(ZLang) });
const VIEW_NOTE =
  'view=card: card-sized answers (services: id, slug, label, logo, flags, cost, steps and days), texts in the language lang, else Accept-Language';

const wholeNumber = (min: number, max: number) =>
  z.coerce.number().check(z.refine(Number.isInteger, { message: 'expected a whole number' }), z.gte(min), z.lte(max));
const ZPage = z.object({
  limit: z._default(wholeNumber(1, 50), 10),
  skip: z._default(wholeNumber(0, 100_000), 0),
});

/* ---------------------------------------------- routes ----------------------------------------------------- */

export const routes = {
  appData: defineRoute({
    method: 'GET',
    path: '/api/misc/appData',
    summary: 'Application data: title, description, translations, alerts, occasion, app links',
    tags: ['application'],
    auth: 'public',
    response: ZAppData,
    errors: [],
  }),
  categories: defineRoute({
    method: 'GET',
    path: '/api/Categories',
    summary: `Service categories, optionally with their services (include) reduced to a field list; ${VIEW_NOTE}`,
    tags: ['catalog'],
    auth: 'public',
    query: catalogView('card'),
    filter: ZCategoryFilter,
    // With view=card the answer is `ZCategoryCard[]`: the server documents both (server/routes/catalog.ts).
    response: z.array(ZCategoryPartial),
    errors: ['INVALID_FILTER'],
  }),
  services: defineRoute({
    method: 'GET',
    path: '/api/dynamic_services',
    summary: `Services visible to the caller; ${VIEW_NOTE}`,
    tags: ['catalog'],
    auth: 'public',
    query: catalogView('card'),
    filter: ZServiceFilter,
    // With view=card the answer is `ZServiceCard[]`: the server documents both (server/routes/catalog.ts).
    response: z.array(ZServicePartial),
    errors: ['INVALID_FILTER'],
  }),
  serviceFindOne: defineRoute({
    method: 'GET',
    path: '/api/dynamic_services/findOne',
    summary:
      'One service by id or serviceSlug; view=page: what its page shows (the card, its dates, cost and payment, and its texts in the language lang, else Accept-Language)',
    tags: ['catalog'],
    auth: 'public',
    query: catalogView('page'),
    filter: ZServiceFindOneFilter,
    // With view=page the answer is `ZServicePage` (contract/service-page.ts): the server documents both.
    response: ZServicePartial,
    errors: ['INVALID_FILTER', 'MODEL_NOT_FOUND', 'SERVICE_HIDDEN'],
  }),
  news: defineRoute({
    method: 'GET',
    path: '/api/news',
    summary: 'News, newest first, paged with limit and skip',
    tags: ['content'],
    auth: 'public',
    query: ZPage,
    response: ZNewsPage,
    errors: [],
  }),
  newsItem: defineRoute({
    method: 'GET',
    path: '/api/news/:id',
    summary: 'One news item',
    tags: ['content'],
    auth: 'public',
    params: z.object({ id: ZId }),
    response: ZNewsItem,
    errors: ['MODEL_NOT_FOUND'],
  }),
  faq: defineRoute({
    method: 'GET',
    path: '/api/faq',
    summary: 'Frequently asked questions, grouped and ordered',
    tags: ['content'],
    auth: 'public',
    response: z.array(ZFaqEntry),
    errors: [],
  }),
  serviceCenters: defineRoute({
    method: 'GET',
    path: '/api/serviceCenters',
    summary: 'Service centers with governorates, distribution companies and sectors',
    tags: ['reference'],
    auth: 'public',
    query: z.object({ governorateId: z.optional(ZId), companyId: z.optional(ZId) }),
    response: ZServiceCenters,
    errors: [],
  }),
  newsletterSubscribe: defineRoute({
    method: 'POST',
    path: '/api/newsletterSubscriber',
    summary:
      'Subscribe an e-mail address to the newsletter (VALIDATION_ERROR: already subscribed; ValidationError: invalid e-mail)',
    tags: ['public forms'],
    rateLimit: [LIMITS.newsletterSubscribe],
    auth: 'public',
    body: ZNewsletterSubscribeBody,
    response: ZNewsletterSubscribed,
    status: 201,
    errors: ['VALIDATION_ERROR', 'ValidationError', 'TOO_MANY_REQUESTS', 'FORBIDDEN'],
  }),
  askChat: defineRoute({
    method: 'POST',
    path: '/api/askChat',
    summary:
      "Ask Noor, the assistant (Rasa's REST channel: { sender, message, metadata? } in, bot messages out, the first with custom.Answer); a signed-in citizen's own bills, requests and meters",
    tags: ['assistant'],
    rateLimit: [LIMITS.askChat, LIMITS.askChatHourly],
    auth: 'public',
    body: ZChatBody,
    response: ZChatAnswer,
    errors: ['CHAT_MESSAGE_EMPTY', 'CHATBOT_FAILED', 'TOO_MANY_REQUESTS', 'FORBIDDEN'],
  }),
  contactMessage: defineRoute({
    method: 'POST',
    path: '/api/contactMessages',
    summary: 'Send a complaint or an inquiry; answers a reference number',
    tags: ['public forms'],
    rateLimit: [LIMITS.contactMessage],
    auth: 'public',
    body: ZContactMessageBody,
    response: ZContactMessageReceived,
    status: 201,
    errors: ['TOO_MANY_REQUESTS', 'FORBIDDEN'],
  }),
  clientErrorReport: defineRoute({
    method: 'POST',
    path: '/api/clientErrors',
    summary: 'Report a render crash of the web app, with the page link and user identity',
    tags: ['telemetry'],
    rateLimit: [LIMITS.clientErrorReport],
    auth: 'public',
    body: ZClientErrorReport,
    response: ZReceived,
    status: 202,
    errors: ['TOO_MANY_REQUESTS', 'FORBIDDEN'],
    csrf: 'none',
  }),
  pageTime: defineRoute({
    method: 'POST',
    path: '/api/pageViews',
    summary: 'Report the seconds spent on a page, on page leave (also accepts a text/plain JSON body, as sendBeacon sends)',
    tags: ['telemetry'],
    rateLimit: [LIMITS.pageTime],
    auth: 'public',
    body: ZPageTime,
    response: ZReceived,
    status: 202,
    errors: ['TOO_MANY_REQUESTS', 'FORBIDDEN'],
    csrf: 'none',
  }),
} as const;

export type Routes = typeof routes;

/**
 * The category list as the home page and the services list call it: `view=card` and the language required, so
 * that the answer's type (the card form) is the answer the call gets.
 */
export const categoryCardsRead = {
  ...routes.categories,
  query: z.object({ view: z.literal('card'), lang: ZLang }),
  response: z.array(ZCategoryCard),
};
