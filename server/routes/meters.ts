import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUOTAS } from '../../contract/limits.ts';
import { meterRoutes as r } from '../../contract/routes-meters.ts';
import type { Db } from '../db/client.ts';
import {
  addMeter,
  decideMeter,
  listMeters,
  readMeter,
  removeMeter,
  staffListMeters,
  updateMeter,
} from '../domain/meters/meters.ts';
import { listReadings, submitReading } from '../domain/meters/readings.ts';
import { requireStaffMember } from '../domain/staff/actions.ts';
import { AppError } from '../domain/app-error.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { lookerOf, recordAgentLook } from '../http/looker.ts';
import { recordLooks } from '../domain/audit/data-access.ts';

/*
 * Meters and readings (issue 12): thin adapters from HTTP to server/domain/meters. The descriptors admit citizens
 * and agents (for the citizen their session acts for) on the owner's routes, staff on the decisions; the use
 * cases decide per record (owner or scope, else 404).
 */

/** Whose meters the caller reaches: a citizen's own; an agent's citizen (none chosen: refused, nothing read). */
export function meterOwnerOf(req: FastifyRequest): string {
  const v = signedInViewer(req);
  if (v.kind !== 'agent') return v.userId;
  if (!v.actingFor) throw new AppError('INVALID_REQUEST_OWNER_TOKEN', 'Choose the citizen you act for first');
  return v.actingFor;
}

export function meterRoutes(app: FastifyInstance, db: Db): void {
  // An agent's reads of the citizen's meters are looks at their data (decision 071).
  registerRoute(app, r.meterList, async ({ query }, req) => {
    const owner = meterOwnerOf(req);
    await recordAgentLook(db, req, 'meters');
    return listMeters(db, owner, query.status);
  });
  // Meters waiting for a staff decision, per account (contract/limits.ts, decision 037).
  const maxPending = QUOTAS.pendingMeters * app.config.rateLimitFactor;
  registerRoute(app, r.meterAdd, async ({ body }, req) => addMeter(db, { ownerId: meterOwnerOf(req), fields: body, maxPending }));
  registerRoute(app, r.meterOne, async ({ params }, req) => {
    const meter = await readMeter(db, meterOwnerOf(req), params.id);
    await recordAgentLook(db, req, 'meters', params.id);
    return meter;
  });
  registerRoute(app, r.meterUpdate, async ({ params, body }, req) => {
    const { version, ...fields } = body;
    return updateMeter(db, { ownerId: meterOwnerOf(req), id: params.id, version, fields, maxPending });
  });
  registerRoute(app, r.meterRemove, async ({ params, body }, req) =>
    removeMeter(db, { ownerId: meterOwnerOf(req), id: params.id, version: body.version, reason: body.reason }),
  );
  registerRoute(app, r.readingList, async ({ params }, req) => {
    const readings = await listReadings(db, meterOwnerOf(req), params.id);
    await recordAgentLook(db, req, 'meters', params.id);
    return readings;
  });
  registerRoute(app, r.readingSubmit, async ({ params, body }, req) => {
    const v = signedInViewer(req);
    const saved = await submitReading(db, {
      ownerId: meterOwnerOf(req),
      meterId: params.id,
      body,
      submittedById: v.userId,
      source: v.kind === 'agent' ? 'agent' : 'citizen',
      idempotency: req.idempotency,
    });
    // How long the reading waited on the device (taken offline, sent when the phone found a network).
    app.deps.metrics.lateWrite('reading', Date.now() - Date.parse(body.readAt));
    return saved;
  });
  registerRoute(app, r.staffMeterList, async ({ query }, req) => {
    const list = await staffListMeters(db, await requireStaffMember(db, signedInViewer(req).userId), query.status, {
      limit: query.limit,
      skip: query.skip,
    });
    // The approvals list shows each meter's owner: one look per meter shown, at its owner's meters (decision 071).
    const by = lookerOf(req)!;
    await recordLooks(
      db,
      list.items.map((m) => ({ by, citizenId: m.ownerId, kind: 'meters' as const, recordId: m.id })),
    );
    return list;
  });
  registerRoute(app, r.staffMeterDecide, async ({ params, body }, req) =>
    decideMeter(db, await requireStaffMember(db, signedInViewer(req).userId), { id: params.id, ...body }),
  );
}
