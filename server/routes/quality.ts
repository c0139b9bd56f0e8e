import type { FastifyInstance, FastifyRequest } from 'fastify';
import { qualityRoutes as r } from '../../contract/routes-quality.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import {
  assignContactMessage,
  closeContactMessage,
  listContactMessages,
  qualityColleagues,
  replyToContactMessage,
} from '../domain/quality/contact.ts';
import { listComments, listFollowUps, moveFollowUp, replyToFollowUp, type QualityContext } from '../domain/quality/follow-ups.ts';
import { qualitySummary } from '../domain/quality/summaries.ts';
import { requireStaffMember } from '../domain/staff/actions.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';

/*
 * Service quality management (issue 26 part 1, decision 066): thin adapters to server/domain/quality. The
 * descriptors admit MANAGE_SERVICE_QUALITY only; the use cases keep to the caller's scope (else 404).
 * `reads`: where the figures are read (the reports' replica when set, decision 056).
 */
export function qualityRoutes(app: FastifyInstance, db: Db, reads: Db, config: AppConfig, catalog: CatalogStore): void {
  const member = (req: FastifyRequest) => requireStaffMember(db, signedInViewer(req).userId);
  const context = async (req: FastifyRequest): Promise<QualityContext> => {
    const list = await catalog.services('staff');
    return {
      member: await member(req),
      services: (slug) => list.find((s) => s.serviceSlug === slug),
      appOrigin: config.appOrigin,
    };
  };
  const summary =
    (kind: 'ratings' | 'breaches') =>
    async ({ query }: { query: Parameters<typeof qualitySummary>[2]['query'] }, req: FastifyRequest) =>
      qualitySummary(reads, kind, {
        member: await member(req),
        query,
        services: await catalog.services('staff'),
        maxMonths: config.reportMaxMonths,
      });

  registerRoute(app, r.qualityRatings, summary('ratings'));
  registerRoute(app, r.qualityBreaches, summary('breaches'));
  registerRoute(app, r.qualityComments, async ({ query }, req) => listComments(db, await context(req), query));
  registerRoute(app, r.qualityFollowUps, async ({ query }, req) => listFollowUps(db, await context(req), query));
  registerRoute(app, r.qualityFollowUpReply, async ({ params, body }, req) =>
    replyToFollowUp(db, await context(req), { id: params.id, message: body.message }),
  );
  registerRoute(app, r.qualityFollowUpStatus, async ({ params, body }, req) =>
    moveFollowUp(db, await context(req), { id: params.id, status: body.status }),
  );
  registerRoute(app, r.contactMessages, async ({ query }, req) => listContactMessages(db, await member(req), query));
  registerRoute(app, r.contactAssign, async ({ params, body }, req) =>
    assignContactMessage(db, await member(req), { id: params.id, assigneeId: body.assigneeId }),
  );
  registerRoute(app, r.contactReply, async ({ params, body }, req) =>
    replyToContactMessage(db, await member(req), { id: params.id, channel: body.channel, message: body.message }),
  );
  registerRoute(app, r.contactClose, async ({ params }, req) => closeContactMessage(db, await member(req), params.id));
  registerRoute(app, r.qualityColleagues, async (_input, req) => ({ items: await qualityColleagues(db, await member(req)) }));
}
