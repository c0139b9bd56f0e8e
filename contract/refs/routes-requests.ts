// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-requests.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-requests.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-requests.ts');

export const requestRoutes: RouteRefs<typeof contract.requestRoutes> = {
  requestSubmit: {
    method: 'POST',
    path: '/api/requests/:serviceSlug',
    response: () => schemas().then((m) => m.requestRoutes.requestSubmit.response),
  },
  requestList: {
    method: 'GET',
    path: '/api/requests/:serviceSlug',
    response: () => schemas().then((m) => m.requestRoutes.requestList.response),
  },
  requestInbox: {
    method: 'GET',
    path: '/api/requests',
    response: () => schemas().then((m) => m.requestRoutes.requestInbox.response),
  },
  requestCount: {
    method: 'GET',
    path: '/api/requests/:serviceSlug/count',
    response: () => schemas().then((m) => m.requestRoutes.requestCount.response),
  },
  requestFindOne: {
    method: 'GET',
    path: '/api/requests/:serviceSlug/findOne',
    response: () => schemas().then((m) => m.requestRoutes.requestFindOne.response),
  },
  requestUpdate: {
    method: 'PATCH',
    path: '/api/requests/:serviceSlug/:id',
    response: () => schemas().then((m) => m.requestRoutes.requestUpdate.response),
  },
  requestCancel: {
    method: 'POST',
    path: '/api/requests/:serviceSlug/:id/cancel',
    response: () => schemas().then((m) => m.requestRoutes.requestCancel.response),
  },
  requestComment: {
    method: 'POST',
    path: '/api/requests/:serviceSlug/:id/comments',
    response: () => schemas().then((m) => m.requestRoutes.requestComment.response),
  },
  fieldHandler: {
    method: 'POST',
    path: '/api/requests/:serviceSlug/fieldHandler',
    response: () => schemas().then((m) => m.requestRoutes.fieldHandler.response),
  },
  draftList: { method: 'GET', path: '/api/drafts', response: () => schemas().then((m) => m.requestRoutes.draftList.response) },
  draftSave: {
    method: 'PUT',
    path: '/api/drafts/:id',
    response: () => schemas().then((m) => m.requestRoutes.draftSave.response),
  },
  draftDelete: {
    method: 'DELETE',
    path: '/api/drafts/:id',
    response: () => schemas().then((m) => m.requestRoutes.draftDelete.response),
  },
  attachmentUpload: {
    method: 'POST',
    path: '/api/requests/:serviceSlug/attachments',
    response: () => schemas().then((m) => m.requestRoutes.attachmentUpload.response),
  },
  attachmentDownload: {
    method: 'GET',
    path: '/api/attachments/:id',
    response: () => schemas().then((m) => m.requestRoutes.attachmentDownload.response),
  },
  documentList: {
    method: 'GET',
    path: '/api/documents',
    response: () => schemas().then((m) => m.requestRoutes.documentList.response),
  },
  documentPdf: {
    method: 'GET',
    path: '/api/documents/:id/pdf',
    response: () => schemas().then((m) => m.requestRoutes.documentPdf.response),
  },
  runTasks: {
    method: 'POST',
    path: '/api/tasks/runTasks',
    response: () => schemas().then((m) => m.requestRoutes.runTasks.response),
  },
  notifications: {
    method: 'GET',
    path: '/api/Notifications',
    response: () => schemas().then((m) => m.requestRoutes.notifications.response),
  },
  notificationCount: {
    method: 'GET',
    path: '/api/Notifications/count',
    response: () => schemas().then((m) => m.requestRoutes.notificationCount.response),
  },
  notificationsMarkAsRead: {
    method: 'POST',
    path: '/api/Notifications/markAsRead',
    response: () => schemas().then((m) => m.requestRoutes.notificationsMarkAsRead.response),
  },
  notificationsMarkAsSeen: {
    method: 'POST',
    path: '/api/Notifications/markAsSeen',
    response: () => schemas().then((m) => m.requestRoutes.notificationsMarkAsSeen.response),
  },
  pushKey: { method: 'GET', path: '/api/push/key', response: () => schemas().then((m) => m.requestRoutes.pushKey.response) },
  pushSubscriptions: {
    method: 'GET',
    path: '/api/push/subscriptions',
    response: () => schemas().then((m) => m.requestRoutes.pushSubscriptions.response),
  },
  pushSubscribe: {
    method: 'POST',
    path: '/api/push/subscriptions',
    response: () => schemas().then((m) => m.requestRoutes.pushSubscribe.response),
  },
  pushUnsubscribe: {
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    response: () => schemas().then((m) => m.requestRoutes.pushUnsubscribe.response),
  },
};
