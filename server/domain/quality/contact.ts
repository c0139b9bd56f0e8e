import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTACT_REPLY_DAYS, type TContactMessageItem, type TContactStatus } from '../../../contract/quality.ts';
import type { TContactMessageType } from '../../../contract/public-forms.ts';
import { ROLES_FOR } from '../../../contract/roles.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, requests, userTypes, users } from '../../db/schema.ts';
import { transaction } from '../../db/tx.ts';
import { AppError } from '../app-error.ts';
import { enqueue } from '../outbox/outbox.ts';
import { scopeCondition, type StaffMember } from '../staff/scope.ts';

/*
 * Contact-form messages triaged by the service-quality staff (issue 26, decision 066): assign, answer by e-mail or
 * SMS (through the outbox, in the transaction that records the answer), close; each is due an answer within
 * CONTACT_REPLY_DAYS. Scope: a message naming a request follows that request's place (company, sector, service
 * centers); a message naming none is the holding's (staff without a company), as decision 036 places what no rule
 * routes.
 */

const DAY_MS = 86_400_000;

/** The request a message names, by its stored number (`SLUG-YYYY-000123`) or id. */
const namedRequest = sql`(select r.id from requests r where r.number = upper(${contactMessages.requestId}) or r.id = ${contactMessages.requestId} limit 1)`;

/** What a staff member may see: everything for the holding; for a company's staff the messages about its requests. */
function contactScope(m: StaffMember): SQL | undefined {
  const inScope = scopeCondition(m);
  if (!inScope) return undefined;
  return sql`exists (select 1 from ${requests} where ${requests.id} = ${namedRequest} and ${inScope})`;
}

const assigneeName = sql<
  string | null
>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${contactMessages.assigneeId})`;

type Raw = typeof contactMessages.$inferSelect & { assigneeName: string | null };

function toItem(x: Raw, now: Date): TContactMessageItem {
  const due = new Date(x.createdAt.getTime() + CONTACT_REPLY_DAYS * DAY_MS);
  return {
    id: String(x.id),
    referenceNumber: x.referenceNumber,
    fullName: x.fullName,
    email: x.email,
    mobile: x.mobile,
    messageType: x.messageType,
    serviceSlug: x.serviceSlug,
    requestNumber: x.requestId,
    message: x.message,
    status: x.status,
    assigneeId: x.assigneeId,
    assigneeName: x.assigneeName?.trim() || null,
    reply: x.reply,
    replyChannel: x.replyChannel,
    repliedAt: x.repliedAt?.toISOString() ?? null,
    createdAt: x.createdAt.toISOString(),
    dueAt: due.toISOString(),
    // Due an answer: an open message past its time (an answered or closed one has had its answer).
    overdue: x.status === 'open' && due < now,
  };
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Open messages first, the oldest (most overdue) first; then answered and closed ones, newest first. */
export async function listContactMessages(
  db: Db,
  m: StaffMember,
  q: {
    status?: TContactStatus | undefined;
    type?: TContactMessageType | undefined;
    q?: string | undefined;
    limit: number;
    skip: number;
  },
  now = new Date(),
): Promise<{ items: TContactMessageItem[]; total: number }> {
  const words = (q.q ?? '').split(/\s+/).filter((w) => w !== '');
  const where = and(
    contactScope(m),
    q.status ? eq(contactMessages.status, q.status) : undefined,
    q.type ? eq(contactMessages.messageType, q.type) : undefined,
    ...words.map(
      (w) =>
        sql`(${contactMessages.message} ilike ${likeText(w)} or ${contactMessages.fullName} ilike ${likeText(w)} or ${contactMessages.referenceNumber} ilike ${likeText(w)} or ${contactMessages.email} ilike ${likeText(w)})`,
    ),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: contactMessages, assigneeName })
      .from(contactMessages)
      .where(where)
      .orderBy(
        sql`(${contactMessages.status} <> 'open')`,
        sql`case when ${contactMessages.status} = 'open' then extract(epoch from ${contactMessages.createdAt}) else -extract(epoch from ${contactMessages.createdAt}) end`,
        asc(contactMessages.id),
      )
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(where),
  ]);
  return { items: rows.map((x) => toItem({ ...x.row, assigneeName: x.assigneeName }, now)), total: Number(count?.n ?? 0) };
}

async function messageFor(tx: Db, m: StaffMember, id: string, lock: boolean): Promise<Raw> {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('MODEL_NOT_FOUND', 'No such message');
  const base = tx
    .select({ row: contactMessages, assigneeName })
    .from(contactMessages)
    .where(and(eq(contactMessages.id, Number(id)), contactScope(m)));
  const [x] = lock ? await base.for('update') : await base;
  if (!x) throw new AppError('MODEL_NOT_FOUND', 'No such message');
  return { ...x.row, assigneeName: x.assigneeName };
}

/** The service-quality staff who may take a message in this member's place: their company's, or the holding's. */
export async function qualityColleagues(db: Db, m: StaffMember): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.userSlug, users.userSlug))
    .where(
      and(
        eq(userTypes.kind, 'employee'),
        eq(users.disabled, false),
        sql`jsonb_exists_any(${users.roles}, ${sql.raw(`array[${ROLES_FOR.serviceQuality.map((r) => `'${r}'`).join(',')}]::text[]`)})`,
        m.companyId === null ? sql`${users.company} is null` : eq(users.company, m.companyId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.id))
    .limit(200);
  return rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() }));
}

const open = (x: Raw) => {
  if (x.status === 'closed') throw new AppError('CONTACT_MESSAGE_CLOSED', 'This message is closed');
};

export async function assignContactMessage(
  db: Db,
  m: StaffMember,
  input: { id: string; assigneeId: string | null },
  now = new Date(),
): Promise<TContactMessageItem> {
  return transaction(db, async (tx) => {
    open(await messageFor(tx, m, input.id, true));
    if (input.assigneeId !== null && !(await qualityColleagues(tx, m)).some((c) => c.id === input.assigneeId))
      throw new AppError('INVALID_ASSIGNEE', 'Assign the message to a service-quality colleague');
    await tx
      .update(contactMessages)
      .set({ assigneeId: input.assigneeId })
      .where(eq(contactMessages.id, Number(input.id)));
    return toItem(await messageFor(tx, m, input.id, false), now);
  });
}

/** The texts of the answer, in the sender's language (their form's), naming the message's reference. */
function answerTexts(lang: string | null, reference: string, message: string) {
  if (lang === 'en')
    return {
      subject: `Our answer to your message ${reference}`,
      body: `Hello,\nThis is our answer to your message ${reference}:\n${message}\n\nKahraba - customer service`,
      sms: `Kahraba: our answer to your message ${reference}: ${message}`,
    };
  return {
    subject: `ردنا على رسالتك رقم ${reference}`,
    body: `أهلًا،\nهذا ردنا على رسالتك رقم ${reference}:\n${message}\n\nكهرباء - خدمة العملاء`,
    sms: `كهرباء: ردنا على رسالتك ${reference}: ${message}`,
  };
}

/** An SMS carries at most this much of an answer; the e-mail carries it all. */
const SMS_MAX = 480;

/** Answers by e-mail or SMS (an outbox row in the same transaction); the message becomes answered. */
export async function replyToContactMessage(
  db: Db,
  m: StaffMember,
  input: { id: string; channel: 'email' | 'sms'; message: string },
  now = new Date(),
): Promise<TContactMessageItem> {
  return transaction(db, async (tx) => {
    const x = await messageFor(tx, m, input.id, true);
    open(x);
    if (input.channel === 'sms' && !x.mobile)
      throw new AppError('INVALID_INPUT', 'The sender gave no mobile number: answer by e-mail', {
        fieldErrors: { channel: ['no_mobile'] },
      });
    const texts = answerTexts(x.lang, x.referenceNumber, input.message);
    const key = `contact-reply:${x.id}:${now.getTime()}`;
    await enqueue(
      tx,
      input.channel === 'email'
        ? { channel: 'email', recipient: x.email, subject: texts.subject, body: texts.body, dedupeKey: key }
        : {
            channel: 'sms',
            recipient: x.mobile!,
            body: texts.sms.length > SMS_MAX ? `${texts.sms.slice(0, SMS_MAX - 1)}…` : texts.sms,
            dedupeKey: key,
          },
    );
    await tx
      .update(contactMessages)
      .set({
        status: 'answered',
        reply: input.message,
        replyChannel: input.channel,
        repliedAt: now,
        assigneeId: sql`coalesce(${contactMessages.assigneeId}, ${m.id})`,
      })
      .where(eq(contactMessages.id, x.id));
    return toItem(await messageFor(tx, m, input.id, false), now);
  });
}

export async function closeContactMessage(db: Db, m: StaffMember, id: string, now = new Date()): Promise<TContactMessageItem> {
  return transaction(db, async (tx) => {
    open(await messageFor(tx, m, id, true));
    await tx
      .update(contactMessages)
      .set({ status: 'closed', closedAt: now, assigneeId: sql`coalesce(${contactMessages.assigneeId}, ${m.id})` })
      .where(eq(contactMessages.id, Number(id)));
    return toItem(await messageFor(tx, m, id, false), now);
  });
}
