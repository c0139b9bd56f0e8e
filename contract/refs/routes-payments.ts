// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-payments.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-payments.ts';

export const paymentRoutes: RouteRefs<typeof contract.paymentRoutes> = {
  paymentMethods: { method: 'GET', path: '/api/payments/methods' },
  billsQuote: { method: 'GET', path: '/api/payments/bills/quote' },
  payBills: { method: 'POST', path: '/api/payments/bills' },
  payment: { method: 'GET', path: '/api/payments/:id' },
  paymentByCode: { method: 'GET', path: '/api/payments/code/:referenceNumber' },
  paymentDetails: { method: 'GET', path: '/api/requests/:serviceSlug/:id/activity/:activityId/paymentDetails' },
  paymentMeans: { method: 'POST', path: '/api/requests/:serviceSlug/:id/activity/:activityId/paymentMeans' },
  paymentStatus: { method: 'GET', path: '/api/requests/:serviceSlug/:id/paymentStatus' },
  paymobCallback: { method: 'POST', path: '/api/payments/callbacks/paymob' },
  sandboxCallback: { method: 'POST', path: '/api/payments/callbacks/sandbox' },
  fawryCallback: { method: 'POST', path: '/api/payments/callbacks/fawry' },
  sandboxPage: { method: 'GET', path: '/api/sandbox-gateway/:id' },
  sandboxPay: { method: 'POST', path: '/api/sandbox-gateway/:id' },
};
