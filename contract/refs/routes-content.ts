// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-content.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-content.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-content.ts');

export const contentRoutes: RouteRefs<typeof contract.contentRoutes> = {
  contentNewsList: {
    method: 'GET',
    path: '/api/content/news',
    response: () => schemas().then((m) => m.contentRoutes.contentNewsList.response),
  },
  contentNewsCreate: {
    method: 'POST',
    path: '/api/content/news',
    response: () => schemas().then((m) => m.contentRoutes.contentNewsCreate.response),
  },
  contentNewsItem: {
    method: 'GET',
    path: '/api/content/news/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentNewsItem.response),
  },
  contentNewsUpdate: {
    method: 'PUT',
    path: '/api/content/news/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentNewsUpdate.response),
  },
  contentNewsPublish: {
    method: 'POST',
    path: '/api/content/news/:id/publish',
    response: () => schemas().then((m) => m.contentRoutes.contentNewsPublish.response),
  },
  contentNewsWithdraw: {
    method: 'POST',
    path: '/api/content/news/:id/withdraw',
    response: () => schemas().then((m) => m.contentRoutes.contentNewsWithdraw.response),
  },
  contentFileUpload: {
    method: 'POST',
    path: '/api/content/files',
    response: () => schemas().then((m) => m.contentRoutes.contentFileUpload.response),
  },
  contentFile: {
    method: 'GET',
    path: '/api/content/files/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentFile.response),
  },
  contentGuides: {
    method: 'GET',
    path: '/api/content/guides',
    response: () => schemas().then((m) => m.contentRoutes.contentGuides.response),
  },
  contentGuideCreate: {
    method: 'POST',
    path: '/api/content/guides',
    response: () => schemas().then((m) => m.contentRoutes.contentGuideCreate.response),
  },
  contentGuideUpdate: {
    method: 'PUT',
    path: '/api/content/guides/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentGuideUpdate.response),
  },
  contentGuideDelete: {
    method: 'DELETE',
    path: '/api/content/guides/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentGuideDelete.response),
  },
  contentGuideOrder: {
    method: 'PUT',
    path: '/api/content/guide-order',
    response: () => schemas().then((m) => m.contentRoutes.contentGuideOrder.response),
  },
  contentBanners: {
    method: 'GET',
    path: '/api/content/banners',
    response: () => schemas().then((m) => m.contentRoutes.contentBanners.response),
  },
  contentBannerCreate: {
    method: 'POST',
    path: '/api/content/banners',
    response: () => schemas().then((m) => m.contentRoutes.contentBannerCreate.response),
  },
  contentBannerUpdate: {
    method: 'PUT',
    path: '/api/content/banners/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentBannerUpdate.response),
  },
  contentBannerDelete: {
    method: 'DELETE',
    path: '/api/content/banners/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentBannerDelete.response),
  },
  contentFaq: {
    method: 'GET',
    path: '/api/content/faq',
    response: () => schemas().then((m) => m.contentRoutes.contentFaq.response),
  },
  contentFaqCreate: {
    method: 'POST',
    path: '/api/content/faq',
    response: () => schemas().then((m) => m.contentRoutes.contentFaqCreate.response),
  },
  contentFaqUpdate: {
    method: 'PUT',
    path: '/api/content/faq/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentFaqUpdate.response),
  },
  contentFaqDelete: {
    method: 'DELETE',
    path: '/api/content/faq/:id',
    response: () => schemas().then((m) => m.contentRoutes.contentFaqDelete.response),
  },
  contentFigures: {
    method: 'GET',
    path: '/api/content/figures',
    response: () => schemas().then((m) => m.contentRoutes.contentFigures.response),
  },
  contentFiguresUpdate: {
    method: 'PUT',
    path: '/api/content/figures',
    response: () => schemas().then((m) => m.contentRoutes.contentFiguresUpdate.response),
  },
};
