import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { TService } from '../../contract/catalog.ts';
import { documentKey, issueReceipt } from '../domain/documents/issue.ts';
import { stageIdOf, statusOf } from '../domain/requests/service.ts';
import { nextNumber } from '../domain/requests/submit.ts';
import type { Db } from '../db/client.ts';
import { drafts, notifications, requestComments, requestEvents, requests, services as serviceRows } from '../db/schema.ts';
import { transaction } from '../db/tx.ts';
import { services as seedServices } from './data/catalog.ts';
import { sampleData } from './sample-data.ts';

/*
 * A lived-in account for the demo citizen (demo mode only): requests in different statuses (new, needs extra
 * information with an employee's comment, a finished one to rate, a cancelled one), each with its receipt and
 * timeline, and a draft saved on the server. Written once: a citizen who already has requests keeps them.
 */

const CITIZEN = 'demo-citizen';
const DAY = 86_400_000;

type Step = { to: string; by: 'citizen' | 'staff'; daysAgo: number };
type DemoRequest = { slug: string; daysAgo: number; steps: Step[]; comment?: { body: string; daysAgo: number } };

const DEMO: DemoRequest[] = [
  { slug: 'CODEMETER', daysAgo: 2, steps: [] },
  {
    slug: 'ADD_METER',
    daysAgo: 6,
    steps: [
      { to: 'in_review', by: 'staff', daysAgo: 5 },
      { to: 'needs_info', by: 'staff', daysAgo: 4 },
    ],
    comment: { body: 'برجاء إرفاق صورة واضحة من عقد الملكية أو الإيجار، ثم أعد إرسال الطلب.', daysAgo: 4 },
  },
  {
    slug: 'FAULTS_COMPLAINTS',
    daysAgo: 20,
    steps: [
      { to: 'in_progress', by: 'staff', daysAgo: 19 },
      { to: 'resolved', by: 'staff', daysAgo: 18 },
    ],
  },
  { slug: 'METER_READING', daysAgo: 10, steps: [{ to: 'cancelled', by: 'citizen', daysAgo: 9 }] },
];

const STAFF_NAME = 'منى';

export async function seedDemoRequests(db: Db, now = new Date()): Promise<number> {
  const existing = await db.select({ id: requests.id }).from(requests).where(eq(requests.ownerId, CITIZEN)).limit(1);
  if (existing.length > 0) return 0;
  // A database without the catalog (SEED_ON_EMPTY=false, e.g. the maintenance portal of the browser tests) gets
  // the demo accounts but no requests: they would name services that are not there.
  const slugs = DEMO.map((d) => d.slug);
  const present = await db
    .select({ slug: serviceRows.serviceSlug })
    .from(serviceRows)
    .where(inArray(serviceRows.serviceSlug, slugs));
  if (present.length < new Set(slugs).size) return 0;
  const key = await documentKey(db);
  const services = seedServices as unknown as TService[];
  await transaction(db, async (tx) => {
    for (const d of DEMO) {
      const service = services.find((s) => s.serviceSlug === d.slug)!;
      const created = new Date(now.getTime() - d.daysAgo * DAY);
      const last = d.steps.at(-1);
      const status = last?.to ?? service.workflow.initialStatus;
      const changed = last ? new Date(now.getTime() - last.daysAgo * DAY) : created;
      const id = crypto.randomUUID();
      const number = await nextNumber(tx, service.serviceSlug, created.getUTCFullYear());
      const data = sampleData(service, 'apply');
      await tx.insert(requests).values({
        id,
        number,
        serviceId: service.id,
        serviceSlug: service.serviceSlug,
        serviceVersion: service.version,
        activityId: 'apply',
        status,
        stageId: stageIdOf(service, status),
        stageStartedAt: changed,
        ownerId: CITIZEN,
        applicantName: 'أحمد محمود',
        data,
        statusUpdatedAt: changed,
        createdAt: created,
        updatedAt: changed,
      });
      await tx.insert(requestEvents).values({
        requestId: id,
        kind: 'created',
        actorKind: 'citizen',
        actorId: CITIZEN,
        data: { activityId: 'apply', to: service.workflow.initialStatus },
        at: created,
      });
      let from = service.workflow.initialStatus;
      for (const step of d.steps) {
        const at = new Date(now.getTime() - step.daysAgo * DAY);
        await tx.insert(requestEvents).values({
          requestId: id,
          kind: 'status',
          actorKind: step.by,
          actorId: step.by === 'citizen' ? CITIZEN : null,
          actorName: step.by === 'staff' ? STAFF_NAME : null,
          data: { from, to: step.to },
          at,
        });
        if (step.by === 'staff')
          await tx.insert(notifications).values({
            userId: CITIZEN,
            type: 'status-changed',
            data: {
              requestId: id,
              requestNumber: number,
              serviceSlug: service.serviceSlug,
              serviceLabel: { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel },
              status: step.to,
              statusLabel: statusOf(service, step.to).label,
            },
            isSeen: step.daysAgo > 5,
            isRead: step.daysAgo > 5,
            createdAt: at,
          });
        from = step.to;
      }
      if (d.comment) {
        const at = new Date(now.getTime() - d.comment.daysAgo * DAY);
        const [c] = await tx
          .insert(requestComments)
          .values({ requestId: id, authorKind: 'staff', authorName: STAFF_NAME, body: d.comment.body, createdAt: at })
          .returning();
        await tx.insert(requestEvents).values({
          requestId: id,
          kind: 'comment',
          actorKind: 'staff',
          actorName: STAFF_NAME,
          data: { commentId: String(c!.id) },
          at,
        });
      }
      await tx.insert(notifications).values({
        userId: CITIZEN,
        type: 'request-submitted',
        data: {
          requestId: id,
          requestNumber: number,
          serviceSlug: service.serviceSlug,
          serviceLabel: { ar: service.translations.ar.serviceLabel, en: service.translations.en.serviceLabel },
          status: service.workflow.initialStatus,
          statusLabel: statusOf(service, service.workflow.initialStatus).label,
        },
        isSeen: true,
        isRead: d.daysAgo > 3,
        createdAt: created,
      });
      await issueReceipt(tx, key, id, CITIZEN, created);
    }
    const codemeter = services.find((s) => s.serviceSlug === 'CODEMETER')!;
    const partial = Object.fromEntries(Object.entries(sampleData(codemeter, 'apply')).slice(0, 2));
    await tx.insert(drafts).values({
      id: crypto.randomUUID(),
      ownerId: CITIZEN,
      serviceSlug: 'CODEMETER',
      activityId: 'apply',
      stepId: null,
      data: partial,
      createdAt: new Date(now.getTime() - DAY),
      updatedAt: new Date(now.getTime() - DAY),
    });
  });
  return DEMO.length;
}
