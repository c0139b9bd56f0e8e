// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRef, RouteRefs } from '../route.ts';
import type * as contract from '../routes.ts';

export const categoryCardsRead: RouteRef<typeof contract.categoryCardsRead> = { method: 'GET', path: '/api/Categories' };

export const routes: RouteRefs<typeof contract.routes> = {
  appData: { method: 'GET', path: '/api/misc/appData' },
  categories: { method: 'GET', path: '/api/Categories' },
  services: { method: 'GET', path: '/api/dynamic_services' },
  serviceFindOne: { method: 'GET', path: '/api/dynamic_services/findOne' },
  news: { method: 'GET', path: '/api/news' },
  newsItem: { method: 'GET', path: '/api/news/:id' },
  faq: { method: 'GET', path: '/api/faq' },
  serviceCenters: { method: 'GET', path: '/api/serviceCenters' },
  newsletterSubscribe: { method: 'POST', path: '/api/newsletterSubscriber' },
  contactMessage: { method: 'POST', path: '/api/contactMessages' },
  clientErrorReport: { method: 'POST', path: '/api/clientErrors' },
  pageTime: { method: 'POST', path: '/api/pageViews' },
};
