import type { FastifyInstance } from 'fastify';
import { documentHeaders } from '../plugins/security-headers.ts';
import { AppError } from '../domain/app-error.ts';
import { paymentRoutes as r } from '../../contract/routes-payments.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { Gateways } from '../domain/payments/adapters.ts';
import { handleCallback } from '../domain/payments/callbacks.ts';
import {
  METHOD_LABELS,
  ownPayment,
  payBills,
  quoteBills,
  paymentByCode,
  payFee,
  paymentDetails,
  paymentView,
  requestPaymentStatus,
  type PaymentDeps,
} from '../domain/payments/payments.ts';
import { paymentRow, refreshPayment } from '../domain/payments/reconcile.ts';
import { sandboxPage } from '../domain/payments/sandbox-page.ts';
import { serviceBySlug } from '../domain/requests/service.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { langOf } from '../http/sign-in.ts';
import { requestCaller } from './requests.ts';

/*
 * Payments (issue 12, decision 027): thin adapters from HTTP to server/domain/payments. Gateway callbacks are
 * public with csrf none (gateways call them; the signature is the key) and a small body limit.
 */

const CALLBACK_BODY_LIMIT = 65_536;

export function paymentDepsFor(db: Db, config: AppConfig, catalog: CatalogStore, log?: PaymentDeps['log']): PaymentDeps {
  return {
    db,
    gateways: new Gateways(config.payments),
    config: config.payments,
    appOrigin: config.appOrigin,
    services: () => catalog.services('staff'),
    ...(log ? { log } : {}),
  };
}

export async function paymentRoutesOf(app: FastifyInstance, deps: PaymentDeps, catalog: CatalogStore): Promise<void> {
  const { db } = deps;
  const service = async (slug: string) => serviceBySlug(await catalog.services('staff'), slug);

  registerRoute(app, r.paymentMethods, async () => ({
    items: deps.gateways.methods().map((m) => ({ ...m, label: METHOD_LABELS[m.channel] })),
  }));

  registerRoute(app, r.billsQuote, async ({ query }, req) =>
    quoteBills(deps, { payerId: signedInViewer(req).userId, billIds: query.ids.split(',').filter(Boolean) }),
  );

  registerRoute(app, r.payBills, async ({ body }, req) =>
    payBills(deps, {
      payerId: signedInViewer(req).userId,
      billIds: body.billIds,
      gatewayId: body.gatewayId,
      channel: body.channel,
      successURL: body.successURL,
      failureURL: body.failureURL,
      lang: langOf(req),
      idempotency: req.idempotency,
    }),
  );

  registerRoute(app, r.payment, async ({ params, query }, req) => {
    const v = signedInViewer(req);
    const payer = v.kind === 'agent' ? (v.actingFor ?? v.userId) : v.userId;
    let p = await ownPayment(db, payer, params.id);
    if (query.refresh === 'true') {
      await refreshPayment(deps, p, new Date());
      p = (await paymentRow(deps, p.id)) ?? p;
    }
    return paymentView(db, p);
  });

  registerRoute(app, r.paymentByCode, async ({ params }, req) => {
    const v = signedInViewer(req);
    return paymentByCode(deps, v.kind === 'agent' ? (v.actingFor ?? v.userId) : v.userId, params.referenceNumber);
  });

  registerRoute(app, r.paymentDetails, async ({ params }, req) =>
    paymentDetails(deps, {
      service: await service(params.serviceSlug),
      requestId: params.id,
      activityId: params.activityId,
      caller: requestCaller(req),
    }),
  );

  registerRoute(app, r.paymentMeans, async ({ params, body }, req) =>
    payFee(deps, {
      service: await service(params.serviceSlug),
      requestId: params.id,
      activityId: params.activityId,
      caller: requestCaller(req),
      gatewayId: body.gatewayId,
      channel: body.channel,
      successURL: body.successURL,
      failureURL: body.failureURL,
      lang: langOf(req),
      idempotency: req.idempotency,
    }),
  );

  registerRoute(app, r.paymentStatus, async ({ params }, req) =>
    requestPaymentStatus(deps, { service: await service(params.serviceSlug), requestId: params.id, caller: requestCaller(req) }),
  );

  // Each callback checked counts as accepted or refused (its signature), for the operator's metrics.
  const counted = async <T>(gateway: string, handled: Promise<T>): Promise<T> => {
    try {
      const answer = await handled;
      app.deps.metrics.callback(gateway, 'accepted');
      return answer;
    } catch (err) {
      if (err instanceof AppError && err.code === 'INVALID_SIGNATURE') app.deps.metrics.callback(gateway, 'refused');
      throw err;
    }
  };
  registerRoute(
    app,
    r.paymobCallback,
    async ({ query, body }) => counted('paymob', handleCallback(deps, 'paymob', query, body)),
    {
      bodyLimit: CALLBACK_BODY_LIMIT,
    },
  );
  registerRoute(
    app,
    r.sandboxCallback,
    async ({ query, body }) => counted('sandbox', handleCallback(deps, 'sandbox', query, body)),
    {
      bodyLimit: CALLBACK_BODY_LIMIT,
    },
  );
  registerRoute(app, r.fawryCallback, async ({ body }) => counted('fawry', handleCallback(deps, 'fawry', {}, body)), {
    bodyLimit: CALLBACK_BODY_LIMIT,
  });

  /* ---- the sandbox gateway's hosted page ---- */
  const sandboxPayment = async (id: string) => {
    const p = await paymentRow(deps, id);
    if (!p || p.gateway !== 'sandbox' || !deps.config.sandboxEnabled)
      throw new AppError('MODEL_NOT_FOUND', 'No such sandbox payment');
    return p;
  };

  registerRoute(app, r.sandboxPage, async ({ params, query }, req, reply) => {
    const p = await sandboxPayment(params.id);
    return documentHeaders(reply)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(sandboxPage(p, query.lang ?? (p.lang === 'en' ? 'en' : langOf(req))));
  });

  // A plain HTML form posts application/x-www-form-urlencoded: read in this scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, text, done) => {
        done(null, Object.fromEntries(new URLSearchParams(text as string)));
      },
    );
    registerRoute(scope, r.sandboxPay, async ({ params, body }, _req, reply) => {
      const p = await sandboxPayment(params.id);
      const gw = p.channel === 'card' ? deps.gateways.sandboxCard : deps.gateways.sandboxCode;
      const decision = p.status === 'started' || p.status === 'pending' ? gw.decide(p, body.cardNumber) : 'invalid';
      if (decision === 'invalid') throw new AppError('INVALID_PAYMENT', 'Not a test card, or the payment is closed');
      const callback = gw.charge(p, decision, new Date());
      // The gateway's server-to-server callback goes through our callback route like any gateway's.
      if (callback) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/payments/callbacks/sandbox?hmac=${callback.query.hmac}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(callback.body),
        });
        if (res.statusCode >= 300) app.log.warn({ status: res.statusCode }, 'sandbox callback refused');
      }
      // The browser goes back for display only: its return changes nothing.
      const to = decision === 'failed' ? p.failurePath : p.successPath;
      const sep = (to ?? '/').includes('?') ? '&' : '?';
      return reply.redirect(`${to ?? '/'}${sep}paymentId=${p.id}`, 303);
    });
  });
}
