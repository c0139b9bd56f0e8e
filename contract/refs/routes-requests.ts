// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-requests.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-requests.ts';

export const requestRoutes: RouteRefs<typeof contract.requestRoutes> = {
  requestSubmit: { method: 'POST', path: '/api/requests/:serviceSlug' },
  requestList: { method: 'GET', path: '/api/requests/:serviceSlug' },
  requestInbox: { method: 'GET', path: '/api/requests' },
  requestCount: { method: 'GET', path: '/api/requests/:serviceSlug/count' },
  requestFindOne: { method: 'GET', path: '/api/requests/:serviceSlug/findOne' },
  requestUpdate: { method: 'PATCH', path: '/api/requests/:serviceSlug/:id' },
  requestCancel: { method: 'POST', path: '/api/requests/:serviceSlug/:id/cancel' },
  requestComment: { method: 'POST', path: '/api/requests/:serviceSlug/:id/comments' },
  fieldHandler: { method: 'POST', path: '/api/requests/:serviceSlug/fieldHandler' },
  draftList: { method: 'GET', path: '/api/drafts' },
  draftSave: { method: 'PUT', path: '/api/drafts/:id' },
  draftDelete: { method: 'DELETE', path: '/api/drafts/:id' },
  attachmentUpload: { method: 'POST', path: '/api/requests/:serviceSlug/attachments' },
  attachmentDownload: { method: 'GET', path: '/api/attachments/:id' },
  documentList: { method: 'GET', path: '/api/documents' },
  documentPdf: { method: 'GET', path: '/api/documents/:id/pdf' },
  runTasks: { method: 'POST', path: '/api/tasks/runTasks' },
  notifications: { method: 'GET', path: '/api/Notifications' },
  notificationCount: { method: 'GET', path: '/api/Notifications/count' },
  notificationsMarkAsRead: { method: 'POST', path: '/api/Notifications/markAsRead' },
  notificationsMarkAsSeen: { method: 'POST', path: '/api/Notifications/markAsSeen' },
};
