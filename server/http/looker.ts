import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { recordLook, type Looker } from '../domain/audit/data-access.ts';
import { DEVICE_HEADER } from '../plugins/session.ts';

/**
 * Who looks at a citizen's data (decision 071), as the data-access record takes it: a staff member or an agent, the
 * build the call came from (the device header) and the client's address. Undefined for citizens and visitors: their
 * reads of their own data are not looks.
 */
export function lookerOf(req: FastifyRequest): Looker | undefined {
  const v = req.viewer;
  if (v.kind !== 'staff' && v.kind !== 'agent') return undefined;
  const device = req.headers[DEVICE_HEADER];
  return {
    userId: v.userId,
    kind: v.kind,
    build: device === 'EMPLOYEE' ? 'employee' : device === 'AGENT' ? 'agent' : 'citizen',
    address: req.ip ?? null,
  };
}

/**
 * An agent reading the data of the citizen their session acts for (their requests, meters, bills): one look at
 * that citizen's data (decision 071). A citizen's own read records nothing.
 */
export async function recordAgentLook(
  db: Db,
  req: FastifyRequest,
  kind: 'request' | 'meters' | 'bills',
  recordId?: string,
): Promise<void> {
  const v = req.viewer;
  const by = lookerOf(req);
  if (by && v.kind === 'agent' && v.actingFor)
    await recordLook(db, { by, citizenId: v.actingFor, kind, recordId: recordId ?? null });
}
