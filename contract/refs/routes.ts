// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRef, RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes.ts');

export const categoryCardsRead: RouteRef<typeof contract.categoryCardsRead> = {
  method: 'GET',
  path: '/api/Categories',
  response: () => schemas().then((m) => m.categoryCardsRead.response),
};

export const routes: RouteRefs<typeof contract.routes> = {
  appData: { method: 'GET', path: '/api/misc/appData', response: () => schemas().then((m) => m.routes.appData.response) },
  categories: { method: 'GET', path: '/api/Categories', response: () => schemas().then((m) => m.routes.categories.response) },
  services: { method: 'GET', path: '/api/dynamic_services', response: () => schemas().then((m) => m.routes.services.response) },
  serviceFindOne: {
    method: 'GET',
    path: '/api/dynamic_services/findOne',
    response: () => schemas().then((m) => m.routes.serviceFindOne.response),
  },
  news: { method: 'GET', path: '/api/news', response: () => schemas().then((m) => m.routes.news.response) },
  newsItem: { method: 'GET', path: '/api/news/:id', response: () => schemas().then((m) => m.routes.newsItem.response) },
  faq: { method: 'GET', path: '/api/faq', response: () => schemas().then((m) => m.routes.faq.response) },
  serviceCenters: {
    method: 'GET',
    path: '/api/serviceCenters',
    response: () => schemas().then((m) => m.routes.serviceCenters.response),
  },
  newsletterSubscribe: {
    method: 'POST',
    path: '/api/newsletterSubscriber',
    response: () => schemas().then((m) => m.routes.newsletterSubscribe.response),
  },
  askChat: { method: 'POST', path: '/api/askChat', response: () => schemas().then((m) => m.routes.askChat.response) },
  contactMessage: {
    method: 'POST',
    path: '/api/contactMessages',
    response: () => schemas().then((m) => m.routes.contactMessage.response),
  },
  clientErrorReport: {
    method: 'POST',
    path: '/api/clientErrors',
    response: () => schemas().then((m) => m.routes.clientErrorReport.response),
  },
  pageTime: { method: 'POST', path: '/api/pageViews', response: () => schemas().then((m) => m.routes.pageTime.response) },
};
