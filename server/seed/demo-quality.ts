import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import { cairoDate } from '../../contract/availability.ts';
import type { Db } from '../db/client.ts';
import { contactMessageNumberSeq, contactMessages, qualityFollowUps, requestRatings, requests, users } from '../db/schema.ts';
import { transaction } from '../db/tx.ts';

/*
 * The service-quality desk of the demo (issue 26, decision 074): on `npm start` the manager's /quality has
 * something to do. Comments on some of the generated requests' latest ratings (the report data, decision 057: low
 * ones, and praise), with the follow-ups they open (open, one contacted with the reply sent, resolved ones), and
 * contact-form messages of each type and state (one past its time limit, one naming a request). Written once, and
 * only on a desk that has neither follow-ups nor messages: what people did on it is never added to.
 */

const DAY = 86_400_000;
const MANAGER = 'demo-manager';

type Rated = { comment: string | null; status: 'open' | 'contacted' | 'resolved'; reply?: string };

/** The low ratings' comments and what became of them (the answer is the generated one: 1 or 2). */
const LOW: Rated[] = [
  { comment: 'انتظرت الفني أربعة أيام ولم يتصل بي أحد قبل الزيارة.', status: 'open' },
  {
    comment: 'طُلب مني المستند نفسه مرتين: في الفرع وعلى البوابة.',
    status: 'resolved',
    reply: 'شكرًا لك. صار المستند المرفوع على البوابة يظهر لموظف الفرع، فلن يُطلب منك مرة أخرى.',
  },
  { comment: 'The payment page failed twice before it worked.', status: 'open' },
  { comment: null, status: 'open' },
  {
    comment: 'لم أستطع رفع صورة العقد من الهاتف، فذهبت إلى الفرع.',
    status: 'contacted',
    reply: 'نعتذر عن ذلك. أصلحنا رفع الصور من الهاتف، ويمكنك الآن إرفاق العقد من البوابة مباشرة.',
  },
  {
    comment: 'الموظف كان متعاونًا لكن الطلب تأخر عن المدة المعلنة.',
    status: 'resolved',
    reply: 'شكرًا لملاحظتك. راجعنا سبب التأخير مع الفرع، وسيُنجز ما يشبه طلبك في موعده.',
  },
];
/**
 * Praise: a comment opens a follow-up too (a person reads every comment once). Four follow-ups stay open in all, so a
 * new one still shows on the desk's first page.
 */
const HIGH: Rated[] = [
  { comment: 'خدمة سريعة وواضحة، شكرًا لفريق الفرع.', status: 'resolved' },
  { comment: 'Quick and clear, thank you.', status: 'resolved' },
];

type Message = {
  daysAgo: number;
  fullName: string;
  email: string;
  mobile?: string;
  messageType: 'complaint' | 'inquiry' | 'suggestion';
  serviceSlug?: string;
  /** Names the latest generated request (its number, as the citizen types it). */
  namesRequest?: boolean;
  message: string;
  lang: 'ar' | 'en';
  status: 'open' | 'answered' | 'closed';
  reply?: { text: string; channel: 'email' | 'sms'; daysAgo: number };
  closedDaysAgo?: number;
};

const MESSAGES: Message[] = [
  {
    daysAgo: 3,
    fullName: 'فاطمة حسن',
    email: 'fatma.hassan@example.com',
    mobile: '01012345670',
    messageType: 'complaint',
    namesRequest: true,
    message: 'قُطع التيار عن منزلي رغم أنني سددت الفاتورة في موعدها. أرجو مراجعة طلبي.',
    lang: 'ar',
    status: 'open',
  },
  {
    daysAgo: 0,
    fullName: 'Omar Ali',
    email: 'omar.ali@example.com',
    messageType: 'inquiry',
    serviceSlug: 'METER_RELOCATION',
    message: 'How long does moving a meter take after the inspection visit?',
    lang: 'en',
    status: 'open',
  },
  {
    daysAgo: 5,
    fullName: 'مريم السيد',
    email: 'mariam.elsayed@example.com',
    messageType: 'suggestion',
    message: 'أقترح إرسال تذكير بموعد تسجيل قراءة العداد برسالة قصيرة كل شهر.',
    lang: 'ar',
    status: 'answered',
    reply: { text: 'شكرًا لاقتراحك، نعمل على إضافة التذكير قريبًا.', channel: 'email', daysAgo: 4 },
  },
  {
    daysAgo: 9,
    fullName: 'يوسف رمضان',
    email: 'youssef.ramadan@example.com',
    mobile: '01198765432',
    messageType: 'complaint',
    serviceSlug: 'CHARGE_CARD_REPLACEMENT',
    message: 'انتظرت في الفرع ساعتين لاستبدال كارت الشحن.',
    lang: 'ar',
    status: 'closed',
    reply: {
      text: 'نعتذر عن الانتظار. يمكنك الآن طلب الكارت من البوابة واستلامه من الفرع دون انتظار.',
      channel: 'sms',
      daysAgo: 8,
    },
    closedDaysAgo: 7,
  },
];

/** Whether the desk has anything yet: people's work, or this seed's. */
async function deskInUse(db: Db): Promise<boolean> {
  const r = (await db.execute(
    sql`select (exists (select 1 from quality_follow_ups) or exists (select 1 from contact_messages)) as used`,
  )) as unknown as { rows: { used: boolean }[] };
  return r.rows[0]?.used === true;
}

/** Writes the demo's quality desk (once); returns the follow-ups and messages written. */
export async function seedDemoQuality(db: Db, now = new Date()): Promise<number> {
  if (await deskInUse(db)) return 0;
  // The latest ratings of the generated requests, without a comment yet.
  const rated = await db
    .select({
      requestId: requestRatings.requestId,
      answer: requestRatings.answer,
      at: requestRatings.createdAt,
      number: requests.number,
    })
    .from(requestRatings)
    .innerJoin(requests, eq(requests.id, requestRatings.requestId))
    .where(and(like(requests.id, 'e0000000-0000-4000-8000-%'), isNull(requestRatings.comment)))
    .orderBy(desc(requestRatings.createdAt), desc(requests.id))
    .limit(60);
  const low = rated.filter((r) => r.answer <= 2).slice(0, LOW.length);
  const high = rated.filter((r) => r.answer === 3).slice(0, HIGH.length);
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.id, MANAGER)).limit(1);
  const assignee = manager?.id ?? null;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  let written = 0;
  await transaction(db, async (tx) => {
    const pairs = [...low.map((r, i) => [r, LOW[i]!] as const), ...high.map((r, i) => [r, HIGH[i]!] as const)];
    for (const [r, d] of pairs) {
      if (d.comment !== null)
        await tx.update(requestRatings).set({ comment: d.comment }).where(eq(requestRatings.requestId, r.requestId));
      // Opened with the rating; its reply a day later, resolved the day after.
      const replied = d.reply ? new Date(Math.min(now.getTime(), r.at.getTime() + DAY)) : null;
      const resolved = d.status === 'resolved' ? new Date(Math.min(now.getTime(), r.at.getTime() + 2 * DAY)) : null;
      await tx
        .insert(qualityFollowUps)
        .values({
          requestId: r.requestId,
          status: d.status,
          assigneeId: d.status === 'open' ? null : assignee,
          reply: d.reply ?? null,
          repliedAt: replied,
          resolvedAt: resolved,
          createdAt: r.at,
          updatedAt: resolved ?? replied ?? r.at,
        })
        .onConflictDoNothing();
      written++;
    }
    const seq = sql.raw(`'"${contactMessageNumberSeq.seqName}"'`);
    for (const m of MESSAGES) {
      const at = ago(m.daysAgo);
      const prefix = `CM-${cairoDate(at).slice(0, 4)}-`;
      const request = m.namesRequest ? rated[0] : undefined;
      await tx.insert(contactMessages).values({
        // The form's numbers (public-forms.ts): the same sequence, so a later message never takes one of these.
        referenceNumber: sql`(select ${prefix}::text || lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval(${seq}) as n) s)`,
        fullName: m.fullName,
        email: m.email,
        mobile: m.mobile ?? null,
        messageType: m.messageType,
        serviceSlug: m.serviceSlug ?? null,
        requestId: request?.number ?? null,
        message: m.message,
        lang: m.lang,
        status: m.status,
        assigneeId: m.status === 'open' ? null : assignee,
        reply: m.reply?.text ?? null,
        replyChannel: m.reply?.channel ?? null,
        repliedAt: m.reply ? ago(m.reply.daysAgo) : null,
        closedAt: m.closedDaysAgo !== undefined ? ago(m.closedDaysAgo) : null,
        createdAt: at,
      });
      written++;
    }
  });
  return written;
}
