import type { FastifyInstance } from 'fastify';
import { staffRoutes as r } from '../../contract/routes-staff.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { CatalogStore } from '../domain/catalog/catalog-store.ts';
import {
  assignRequest,
  bulkAssign,
  changeStatus,
  colleagues,
  escalate,
  listInstallationCompanies,
  readStaffRequest,
  requireStaffMember,
  setRequestFee,
  staffComment,
  type StaffContext,
} from '../domain/staff/actions.ts';
import { findCompany } from '../domain/behalf/companies.ts';
import { citizenFinance, refundPayment } from '../domain/staff/finance.ts';
import { issueOwnerToken } from '../domain/behalf/owner-tokens.ts';
import { findCitizen } from '../domain/identity/citizens.ts';
import { maskMobile } from '../domain/identity/crypto.ts';
import { inboxCount, inboxPage, serviceInbox } from '../domain/staff/inbox.ts';
import { listUserGuides } from '../domain/staff/user-guides.ts';
import { signedInViewer } from '../http/auth.ts';
import { registerRoute } from '../http/register.ts';
import { lookerOf } from '../http/looker.ts';
import { recordLook, recordLooks, type Look, type Looker } from '../domain/audit/data-access.ts';
import type { TInboxPage } from '../../contract/staff.ts';
import { MOBILE_RE } from '../../contract/identity.ts';
import type { FastifyRequest } from 'fastify';

/*
 * The staff workspace (issue 11): thin adapters from HTTP to server/domain/staff. The descriptors admit staff
 * only; the use cases decide per record (scope and service, else 404) and per move (the workflow).
 */
export function staffRoutes(app: FastifyInstance, db: Db, config: AppConfig, catalog: CatalogStore): void {
  // Every service, hidden and deactivated ones included: staff see all services (spec section 6).
  const all = () => catalog.services('staff');
  const context = async (req: FastifyRequest): Promise<StaffContext> => {
    const list = await all();
    return {
      member: await requireStaffMember(db, signedInViewer(req).userId),
      services: (slug) => list.find((s) => s.serviceSlug === slug),
      appOrigin: config.appOrigin,
    };
  };
  const inboxInput = async (req: FastifyRequest, filter: Parameters<typeof inboxPage>[1]['filter'] | undefined) => ({
    member: await requireStaffMember(db, signedInViewer(req).userId),
    services: await all(),
    filter: filter ?? {},
  });

  /** Who looks (decision 071): the routes here admit staff only, so there is always one. */
  const looker = (req: FastifyRequest): Looker => lookerOf(req)!;
  /**
   * An inbox searched by a national id or a mobile is a search for that person (decision 071): one look per citizen
   * whose requests the page shows, naming the first of them. Other searches (a request number, a name) and
   * browsing record nothing: the requests are the staff member's assigned work, and opening one is its own look.
   */
  const searchedLooks = async (req: FastifyRequest, q: string | undefined, page: TInboxPage): Promise<TInboxPage> => {
    const term = q?.trim() ?? '';
    if (!/^\d{14}$/.test(term) && !MOBILE_RE.test(term)) return page;
    const by = looker(req);
    const seen = new Map<string, Look>();
    for (const row of page.items)
      if (row.citizen && !seen.has(row.citizen.id))
        seen.set(row.citizen.id, { by, citizenId: row.citizen.id, kind: 'search', purpose: 'search', recordId: row.id });
    await recordLooks(db, [...seen.values()]);
    return page;
  };

  // Opening a request is a look at its owner's data, worked for that request (decision 071).
  registerRoute(app, r.staffRequest, async ({ params }, req) => {
    const detail = await readStaffRequest(db, await context(req), params.serviceSlug, params.id);
    await recordLook(db, {
      by: looker(req),
      citizenId: detail.owner?.id ?? null,
      kind: 'request',
      recordId: detail.id,
      request: { id: detail.id, number: detail.ID },
    });
    return detail;
  });
  registerRoute(app, r.staffAssign, async ({ params, body }, req) =>
    assignRequest(db, await context(req), { ...params, version: body.version, assigneeId: body.assigneeId }),
  );
  registerRoute(app, r.staffStatus, async ({ params, body }, req) =>
    changeStatus(db, await context(req), { ...params, version: body.version, to: body.to, comment: body.comment }),
  );
  registerRoute(app, r.staffComment, async ({ params, body }, req) =>
    staffComment(db, await context(req), { ...params, version: body.version, body: body.body, internal: body.internal }),
  );
  registerRoute(app, r.staffEscalate, async ({ params, body }, req) =>
    escalate(db, await context(req), { ...params, version: body.version, escalated: body.escalated, comment: body.comment }),
  );
  registerRoute(app, r.staffColleagues, async ({ params }, req) =>
    colleagues(db, await context(req), params.serviceSlug, params.id),
  );
  registerRoute(app, r.staffSetFee, async ({ params, body }, req) =>
    setRequestFee(db, await context(req), { ...params, version: body.version, feePiastres: body.feePiastres }),
  );
  registerRoute(app, r.citizenFinance, async ({ params, query }, req) => {
    const finance = await citizenFinance(db, await all(), await requireStaffMember(db, signedInViewer(req).userId), {
      citizenId: params.id,
      limit: query.limit,
      paymentsSkip: query.paymentsSkip,
      billsSkip: query.billsSkip,
    });
    await recordLook(db, { by: looker(req), citizenId: params.id, kind: 'bills' });
    return finance;
  });
  registerRoute(app, r.refundPayment, async ({ params, body }, req) =>
    refundPayment(db, await requireStaffMember(db, signedInViewer(req).userId), {
      paymentId: params.id,
      reason: body.reason,
      appOrigin: config.appOrigin,
    }),
  );
  registerRoute(app, r.bulkAssign, async ({ body }, req) => bulkAssign(db, await context(req), body));
  registerRoute(app, r.installationCompanies, async (_input, req) =>
    listInstallationCompanies(db, await requireStaffMember(db, signedInViewer(req).userId)),
  );
  registerRoute(app, r.userGuides, async () => listUserGuides(db));
  registerRoute(app, r.ownerToken, async ({ body }, req) => {
    const staffId = signedInViewer(req).userId;
    const citizen = await findCitizen(db, body);
    await recordLook(db, { by: looker(req), citizenId: citizen.id, kind: 'search', purpose: 'search', reason: body.reason });
    return {
      ...(await issueOwnerToken(db, { staffId, citizenId: citizen.id })),
      citizen: {
        id: citizen.id,
        name: `${citizen.firstName} ${citizen.lastName}`.trim(),
        nationalId: citizen.nationalId,
        // Masked, as the citizen search shows it: the employee needs to recognise the citizen, not to read it.
        mobile: citizen.mobile ? maskMobile(citizen.mobile) : null,
      },
    };
  });
  registerRoute(app, r.companyOwnerToken, async ({ body }, req) => {
    const staffId = signedInViewer(req).userId;
    const company = await findCompany(db, body);
    await recordLook(db, { by: looker(req), citizenId: company.id, kind: 'search', purpose: 'search', reason: body.reason });
    const p = company.profile;
    return {
      ...(await issueOwnerToken(db, { staffId, citizenId: company.id })),
      citizen: {
        id: company.id,
        name: `${company.firstName} ${company.lastName}`.trim(),
        nationalId: p.authorisedNationalId ?? null,
        mobile: company.mobile ? maskMobile(company.mobile) : null,
        company: {
          commercialRegistration: p.commercialRegistration ?? '',
          taxNumber: p.taxNumber ?? '',
          authorisedName: p.authorisedName ?? '',
        },
      },
    };
  });
  registerRoute(app, r.staffInbox, async ({ query }, req) =>
    searchedLooks(req, query.filter?.q, await inboxPage(db, await inboxInput(req, query.filter))),
  );
  registerRoute(app, r.staffInboxCount, async ({ query }, req) => inboxCount(db, await inboxInput(req, query.filter)));
  registerRoute(app, r.requestsInbox, async ({ query }, req) =>
    searchedLooks(req, query.filter?.q, await serviceInbox(db, await inboxInput(req, query.filter))),
  );
}
