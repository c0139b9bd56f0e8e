import type { FastifyInstance, FastifyRequest } from 'fastify';
import { billRoutes as r } from '../../contract/routes-bills.ts';
import type { Db } from '../db/client.ts';
import { listBills, ownedBill } from '../domain/bills/bills.ts';
import { currentTariffs } from '../domain/bills/tariffs.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { recordAgentLook } from '../http/looker.ts';

/*
 * Tariffs and bills (decision 026): thin adapters to server/domain/bills. Staff do not read citizens' bills here
 * (their policy admits citizens and agents only).
 */

/** Whose bills the caller reads: a citizen their own, an agent the citizen their session acts for (none: nobody's). */
const billOwnerOf = (req: FastifyRequest): string | null => {
  const v = signedInViewer(req);
  return v.kind === 'agent' ? (v.actingFor ?? null) : v.userId;
};

export function billRoutes(app: FastifyInstance, db: Db): void {
  registerRoute(app, r.tariffs, async (_input, _req, reply) => {
    // Public data that changes a few times a year: browsers and the service worker may keep it an hour.
    reply.header('cache-control', 'public, max-age=3600');
    return { items: await currentTariffs(db) };
  });

  // An agent's reads of the citizen's bills are looks at their data (decision 071).
  registerRoute(app, r.billList, async ({ query }, req) => {
    await recordAgentLook(db, req, 'bills');
    return listBills(db, {
      ownerId: billOwnerOf(req),
      meterId: query.meterId,
      status: query.status,
      limit: query.limit,
      skip: query.skip,
    });
  });

  registerRoute(app, r.billFindOne, async ({ params }, req) => {
    const bill = await ownedBill(db, billOwnerOf(req), params.id);
    await recordAgentLook(db, req, 'bills', params.id);
    return bill;
  });
}
