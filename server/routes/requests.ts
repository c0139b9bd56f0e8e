import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TService } from '../../contract/catalog.ts';
import { OWNER_TOKEN, OWNER_TOKEN_HEADER } from '../../contract/requests.ts';
import { requestRoutes as r } from '../../contract/routes-requests.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import { QUOTAS } from '../../contract/limits.ts';
import { hashOwnerToken } from '../domain/idempotency/idempotency.ts';
import { cancelRequest, commentOnRequest, performActivity } from '../domain/requests/activities.ts';
import { deleteDraft, listDrafts, saveDraft } from '../domain/requests/drafts.ts';
import { handleField } from '../domain/requests/field-handler.ts';
import { listNotifications, markAsRead, markAsSeen, unseenCount } from '../domain/requests/notifications.ts';
import { listDevices, subscribe, unsubscribe } from '../domain/notifications/push.ts';
import { serviceBySlug } from '../domain/requests/service.ts';
import {
  countRequests,
  listRequests,
  ownedRequest,
  requestDetail,
  type RequestCaller,
  type ServiceLookup,
} from '../domain/requests/store.ts';
import { submitRequest } from '../domain/requests/submit.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { langOf } from '../http/sign-in.ts';
import { recordAgentLook } from '../http/looker.ts';
import { AppError } from '../domain/app-error.ts';
import { ownerOfToken } from '../domain/behalf/owner-tokens.ts';
import { findUser } from '../domain/identity/accounts.ts';

/*
 * Service requests, drafts and notifications (spec section 7): thin adapters from HTTP to the use cases of
 * server/domain/requests. Attachments, documents and tasks (`requestRoutes.attachment*`, `document*`, `runTasks`)
 * are registered by server/routes/files.ts.
 */

/** Who acts: the signed-in user, and the anonymous filer's `Request-Owner-Token` (hashed) if sent. */
export function requestCaller(req: FastifyRequest): RequestCaller {
  const token = req.headers[OWNER_TOKEN_HEADER];
  const v = req.viewer;
  return {
    // An agent acts on the requests of the citizen their session acts for (none: nobody's).
    userId: v.kind === 'visitor' ? null : v.kind === 'agent' ? v.actingFor : v.userId,
    ownerTokenHash: typeof token === 'string' && OWNER_TOKEN.test(token) ? hashOwnerToken(token) : null,
  };
}

/**
 * Whose request a submission files (decision 025): a citizen's own; a visitor's (no account); an agent's for the
 * citizen their session acts for; an employee's for the citizen their `Request-Owner-Token` names. Staff and
 * agents without a citizen: INVALID_REQUEST_OWNER_TOKEN, nothing written. With the owner's user type, which a
 * service limited to some types checks (decision 074).
 */
async function ownerOfSubmission(
  db: Db,
  req: FastifyRequest,
): Promise<{ userId: string | null; ownerType: string | null; filedBy?: { id: string; name: string } }> {
  const v = req.viewer;
  if (v.kind === 'visitor') return { userId: null, ownerType: null };
  if (v.kind === 'citizen') return { userId: v.userId, ownerType: v.userSlug };
  const filer = await findUser(db, v.userId);
  const filedBy = { id: v.userId, name: filer ? `${filer.firstName} ${filer.lastName}`.trim() : '' };
  let userId: string;
  if (v.kind === 'agent') {
    if (!v.actingFor) throw new AppError('INVALID_REQUEST_OWNER_TOKEN', 'Choose the citizen you act for first');
    userId = v.actingFor;
  } else {
    const token = req.headers[OWNER_TOKEN_HEADER];
    userId = await ownerOfToken(db, { token: typeof token === 'string' ? token : undefined, staffId: v.userId });
  }
  return { userId, ownerType: (await findUser(db, userId))?.userSlug ?? null, filedBy };
}

/** The account whose requests a signed-in caller reads: an agent reads those of the citizen they act for. */
export const readerIdOf = (req: FastifyRequest): string => {
  const v = signedInViewer(req);
  return v.kind === 'agent' ? (v.actingFor ?? v.userId) : v.userId;
};

export function requestRoutes(app: FastifyInstance, db: Db, config: AppConfig, catalog: CatalogStore): void {
  /** An agent reading the requests of the citizen they act for: a look at that citizen's data (decision 071). */
  const agentLook = (req: FastifyRequest, kind: 'request', recordId?: string) => recordAgentLook(db, req, kind, recordId);
  // Every service, hidden ones included: a request keeps its service's texts; serviceBySlug refuses hidden ones.
  const all = () => catalog.services('staff');
  const service = async (slug: string): Promise<TService> => serviceBySlug(await all(), slug);
  const lookup = async (): Promise<ServiceLookup> => {
    const list = await all();
    return (slug) => list.find((s) => s.serviceSlug === slug);
  };

  registerRoute(app, r.requestSubmit, async ({ params, body }, req) =>
    submitRequest(db, {
      service: await service(params.serviceSlug),
      activityId: body.activityId,
      data: body.data,
      draftId: body.draftId,
      ...(await ownerOfSubmission(db, req)),
      lang: langOf(req),
      appOrigin: config.appOrigin,
      idempotency: req.idempotency,
    }),
  );

  registerRoute(app, r.requestList, async ({ params, query }, req) => {
    await service(params.serviceSlug);
    await agentLook(req, 'request');
    return listRequests(
      db,
      {
        ownerId: readerIdOf(req),
        serviceSlug: params.serviceSlug,
        status: query.status,
        number: query.number,
        limit: query.limit,
        skip: query.skip,
      },
      await lookup(),
    );
  });

  registerRoute(app, r.requestInbox, async ({ query }, req) => {
    await agentLook(req, 'request');
    return listRequests(
      db,
      {
        ownerId: readerIdOf(req),
        serviceSlug: query.serviceSlug,
        status: query.status,
        number: query.number,
        limit: query.limit,
        skip: query.skip,
      },
      await lookup(),
    );
  });

  registerRoute(app, r.requestCount, async ({ params, query }, req) => {
    await service(params.serviceSlug);
    return {
      count: await countRequests(db, {
        ownerId: readerIdOf(req),
        serviceSlug: params.serviceSlug,
        status: query.status,
      }),
    };
  });

  registerRoute(app, r.requestFindOne, async ({ params, query }, req) => {
    const svc = await service(params.serviceSlug);
    const caller = requestCaller(req);
    const where = query.filter?.where ?? {};
    const row = await ownedRequest(db, caller, svc.serviceSlug, { id: where.id, number: where.ID });
    await agentLook(req, 'request', row.id);
    return requestDetail(db, row, svc, caller, query.withDocuments ?? false);
  });

  registerRoute(app, r.requestUpdate, async ({ params, body }, req) =>
    performActivity(db, {
      service: await service(params.serviceSlug),
      requestId: params.id,
      caller: requestCaller(req),
      activityId: body.activityId,
      data: body.data,
      appOrigin: config.appOrigin,
      idempotency: req.idempotency,
    }),
  );

  registerRoute(app, r.requestCancel, async ({ params, body }, req) =>
    cancelRequest(db, {
      service: await service(params.serviceSlug),
      requestId: params.id,
      caller: requestCaller(req),
      reason: body.reason,
      appOrigin: config.appOrigin,
      idempotency: req.idempotency,
    }),
  );

  registerRoute(app, r.requestComment, async ({ params, body }, req) =>
    commentOnRequest(db, {
      service: await service(params.serviceSlug),
      requestId: params.id,
      caller: requestCaller(req),
      body: body.body,
      idempotency: req.idempotency,
    }),
  );

  registerRoute(app, r.fieldHandler, async ({ params, body }) =>
    handleField(
      {
        service: await service(params.serviceSlug),
        activityId: body.activityId,
        fieldId: body.fieldId,
        data: body.data,
        apiDependencies: body.apiDependencies,
      },
      await catalog.referenceData({}),
    ),
  );

  /* ---- drafts ---- */
  registerRoute(app, r.draftList, async ({ query }, req) =>
    listDrafts(
      db,
      { userId: signedInViewer(req).userId, serviceSlug: query.serviceSlug, limit: query.limit, skip: query.skip },
      await lookup(),
    ),
  );
  registerRoute(app, r.draftSave, async ({ params, body }, req) =>
    saveDraft(db, {
      userId: signedInViewer(req).userId,
      id: params.id,
      service: await service(body.serviceSlug),
      activityId: body.activityId,
      stepId: body.stepId,
      data: body.data,
      maxDrafts: QUOTAS.drafts * app.config.rateLimitFactor,
      maxBytes: QUOTAS.draftBytes,
    }),
  );
  registerRoute(app, r.draftDelete, async ({ params }, req) => deleteDraft(db, signedInViewer(req).userId, params.id));

  /* ---- notifications ---- */
  registerRoute(app, r.notifications, async ({ query }, req) =>
    listNotifications(db, { userId: signedInViewer(req).userId, limit: query.limit, skip: query.skip }),
  );
  registerRoute(app, r.notificationCount, async (_, req) => ({ count: await unseenCount(db, signedInViewer(req).userId) }));
  registerRoute(app, r.notificationsMarkAsRead, async ({ body }, req) => markAsRead(db, signedInViewer(req).userId, body));
  registerRoute(app, r.notificationsMarkAsSeen, async ({ body }, req) => markAsSeen(db, signedInViewer(req).userId, body));

  /* ---- web push (decision 051) ---- */
  const push = app.config.push;
  registerRoute(app, r.pushKey, async () => ({ publicKey: push.vapid?.publicKey ?? null }));
  registerRoute(app, r.pushSubscriptions, async (_, req) => listDevices(db, signedInViewer(req).userId));
  registerRoute(app, r.pushSubscribe, async ({ body }, req) => {
    if (!push.vapid) throw new AppError('NOT_FOUND', 'Pushes are off on this server');
    return subscribe(db, {
      userId: signedInViewer(req).userId,
      body,
      userAgent: req.headers['user-agent'],
      endpointHosts: push.endpointHosts,
    });
  });
  registerRoute(app, r.pushUnsubscribe, async ({ params }, req) => unsubscribe(db, signedInViewer(req).userId, params.id));
}
