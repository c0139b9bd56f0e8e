// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-payments.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-payments.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-payments.ts');

export const paymentRoutes: RouteRefs<typeof contract.paymentRoutes> = {
  paymentMethods: {
    method: 'GET',
    path: '/api/payments/methods',
    response: () => schemas().then((m) => m.paymentRoutes.paymentMethods.response),
  },
  billsQuote: {
    method: 'GET',
    path: '/api/payments/bills/quote',
    response: () => schemas().then((m) => m.paymentRoutes.billsQuote.response),
  },
  payBills: {
    method: 'POST',
    path: '/api/payments/bills',
    response: () => schemas().then((m) => m.paymentRoutes.payBills.response),
  },
  payment: { method: 'GET', path: '/api/payments/:id', response: () => schemas().then((m) => m.paymentRoutes.payment.response) },
  paymentByCode: {
    method: 'GET',
    path: '/api/payments/code/:referenceNumber',
    response: () => schemas().then((m) => m.paymentRoutes.paymentByCode.response),
  },
  paymentDetails: {
    method: 'GET',
    path: '/api/requests/:serviceSlug/:id/activity/:activityId/paymentDetails',
    response: () => schemas().then((m) => m.paymentRoutes.paymentDetails.response),
  },
  paymentMeans: {
    method: 'POST',
    path: '/api/requests/:serviceSlug/:id/activity/:activityId/paymentMeans',
    response: () => schemas().then((m) => m.paymentRoutes.paymentMeans.response),
  },
  paymentStatus: {
    method: 'GET',
    path: '/api/requests/:serviceSlug/:id/paymentStatus',
    response: () => schemas().then((m) => m.paymentRoutes.paymentStatus.response),
  },
  paymobCallback: {
    method: 'POST',
    path: '/api/payments/callbacks/paymob',
    response: () => schemas().then((m) => m.paymentRoutes.paymobCallback.response),
  },
  sandboxCallback: {
    method: 'POST',
    path: '/api/payments/callbacks/sandbox',
    response: () => schemas().then((m) => m.paymentRoutes.sandboxCallback.response),
  },
  fawryCallback: {
    method: 'POST',
    path: '/api/payments/callbacks/fawry',
    response: () => schemas().then((m) => m.paymentRoutes.fawryCallback.response),
  },
  sandboxPage: {
    method: 'GET',
    path: '/api/sandbox-gateway/:id',
    response: () => schemas().then((m) => m.paymentRoutes.sandboxPage.response),
  },
  sandboxPay: {
    method: 'POST',
    path: '/api/sandbox-gateway/:id',
    response: () => schemas().then((m) => m.paymentRoutes.sandboxPay.response),
  },
};
