import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TCurrentUser } from '../../contract/identity.ts';
import { identityRoutes as r } from '../../contract/routes-identity.ts';
import type { Db } from '../db/client.ts';
import { findUser, loadUserType, toCurrentUser } from '../domain/identity/accounts.ts';
import { citizenSummary as summary, findCitizen } from '../domain/identity/citizens.ts';
import { confirmAgentRegistration, startAgentRegistration } from '../domain/identity/agent-registration.ts';
import { setActingFor } from '../domain/identity/sessions.ts';
import { issueOwnerToken, verifyOwnerToken } from '../domain/behalf/owner-tokens.ts';
import { latestMessages } from '../domain/outbox/outbox.ts';
import { AppError } from '../domain/app-error.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { lookerOf } from '../http/looker.ts';
import { recordLook } from '../domain/audit/data-access.ts';
import { langOf } from '../http/sign-in.ts';

/**
 * Agents (spec section 6) act for a citizen: their session (the agent cookie) remembers which one. Staff with the
 * a role of `ROLES_FOR.citizenSearch` (contract/roles.ts) can look citizens up. The developer mailbox shows what the outbox delivered locally.
 */
export function agentRoutes(app: FastifyInstance, db: Db): void {
  const agentView = async (agentId: string, actingFor: string | null, ownerToken?: { token: string; expiresAt: string }) => {
    const agent = await findUser(db, agentId);
    if (!agent) throw new AppError('FORBIDDEN', 'Not an agent');
    const type = await loadUserType(db, agent.userSlug);
    const citizen = actingFor ? await findUser(db, actingFor) : undefined;
    return {
      agent: (await toCurrentUser(db, agent, type.kind)) satisfies TCurrentUser,
      citizen: citizen ? summary(citizen) : null,
      ...(ownerToken ? { ownerToken } : {}),
    };
  };
  /** The routes' policy admits agents; each agent only to their own record. */
  const requireAgentSelf = (req: FastifyRequest, id: string) => {
    const v = signedInViewer(req);
    if (v.userId !== id) throw new AppError('FORBIDDEN', 'Not your agent account');
    return v;
  };

  registerRoute(app, r.agentView, async ({ params }, req) => {
    const v = requireAgentSelf(req, params.id);
    // The citizen's name and national id on the acting-for bar: a look at their profile (decision 071).
    if (v.actingFor) await recordLook(db, { by: lookerOf(req)!, citizenId: v.actingFor, kind: 'profile' });
    return agentView(v.userId, v.actingFor);
  });

  registerRoute(app, r.agentActFor, async ({ params, body }, req) => {
    const v = requireAgentSelf(req, params.id);
    // The token an earlier session of this agent got brings its citizen back, keeping its expiry (decision 055);
    // a search issues a new one.
    const { ownerToken, ...search } = body;
    if (ownerToken) {
      const owner = await verifyOwnerToken(db, { token: ownerToken, staffId: v.userId });
      await setActingFor(db, v.sessionHash, owner.citizenId);
      return agentView(v.userId, owner.citizenId, { token: ownerToken, expiresAt: owner.expiresAt });
    }
    const citizen = await findCitizen(db, search);
    await recordLook(db, { by: lookerOf(req)!, citizenId: citizen.id, kind: 'search', reason: search.reason });
    await setActingFor(db, v.sessionHash, citizen.id);
    return agentView(v.userId, citizen.id, await issueOwnerToken(db, { staffId: v.userId, citizenId: citizen.id }));
  });

  // An agent registers a new citizen (decision 061): the code sent to the citizen's mobile creates the account,
  // and the agent then acts for them as after a search.
  registerRoute(app, r.agentRegister, async ({ params, body }, req) => {
    const v = requireAgentSelf(req, params.id);
    const agent = await findUser(db, v.userId);
    if (!agent) throw new AppError('FORBIDDEN', 'Not an agent');
    return startAgentRegistration(db, { agent, details: body, lang: langOf(req) });
  });

  registerRoute(app, r.agentRegisterConfirm, async ({ params, body }, req) => {
    const v = requireAgentSelf(req, params.id);
    const citizen = await confirmAgentRegistration(db, { agentId: v.userId, ...body });
    await setActingFor(db, v.sessionHash, citizen.id);
    return agentView(v.userId, citizen.id, await issueOwnerToken(db, { staffId: v.userId, citizenId: citizen.id }));
  });

  registerRoute(app, r.agentStopActing, async ({ params }, req) => {
    const v = requireAgentSelf(req, params.id);
    await setActingFor(db, v.sessionHash, null);
    return agentView(v.userId, null);
  });

  registerRoute(app, r.citizenSearch, async ({ body }, req) => {
    const citizen = await findCitizen(db, body);
    const by = lookerOf(req)!;
    await recordLook(db, {
      by,
      citizenId: citizen.id,
      kind: 'search',
      purpose: by.kind === 'agent' ? 'agent' : 'search',
      reason: body.reason,
    });
    return summary(citizen);
  });

  registerRoute(app, r.mailbox, async ({ query }) => {
    // Demo mode only, on this machine (the descriptor's `demoOnly`, applied by registerRoute): every code sent.
    const rows = await latestMessages(db, 50, query.recipient?.trim().toLowerCase());
    return {
      items: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject,
        body: m.body,
        status: m.status,
        attempts: m.attempts,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      })),
    };
  });
}
