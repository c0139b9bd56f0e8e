import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  TBannerAdmin,
  TBannerBody,
  TFaqBody,
  TFigures,
  TFiguresBody,
  TGuideAdmin,
  TGuideBody,
  TNewsAdmin,
  TNewsBody,
} from '../../../contract/content.ts';
import { DEFAULT_FIGURES } from '../../../contract/content.ts';
import type { TFaqEntry } from '../../../contract/catalog.ts';
import type { Db } from '../../db/client.ts';
import { alertBanners, contentEvents, faqs, news, siteSettings, userGuides, users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { pictureOf } from './files.ts';
import { sanitizeRichText } from './sanitize.ts';

/*
 * Managing the portal's content (issue 26, decision 067). Use cases take plain inputs and a transaction; each
 * write records who did what when (content_events). Public reads (catalog-store) read the same tables.
 */

type Subject = (typeof contentEvents.$inferInsert)['subject'];
const record = (tx: Db, subject: Subject, subjectId: string, action: string, actorId: string) =>
  tx.insert(contentEvents).values({ subject, subjectId, action, actorId });

const notFound = (what: string) => new AppError('MODEL_NOT_FOUND', `${what} not found`);

/* ------------------------------------------------ news ------------------------------------------------- */

type NewsRow = typeof news.$inferSelect;

function stateOf(row: NewsRow, now: Date): TNewsAdmin['state'] {
  if (row.status === 'draft') return 'draft';
  if (row.status === 'withdrawn') return 'withdrawn';
  return row.publishedAt && row.publishedAt > now ? 'scheduled' : 'published';
}

async function newsAdmin(tx: Db, rows: NewsRow[], now: Date): Promise<TNewsAdmin[]> {
  if (rows.length === 0) return [];
  const events = await tx
    .select({ subjectId: contentEvents.subjectId, action: contentEvents.action, at: contentEvents.at, actor: users.username })
    .from(contentEvents)
    .leftJoin(users, eq(users.id, contentEvents.actorId))
    .where(
      and(
        eq(contentEvents.subject, 'news'),
        inArray(
          contentEvents.subjectId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(desc(contentEvents.at), desc(contentEvents.id));
  return rows.map((r) => {
    const image = r.data.featuredImage[0];
    return {
      id: r.id,
      state: stateOf(r, now),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      translations: r.data.translations,
      imageId: image ? (/\/api\/content\/files\/([^/?]+)/.exec(image.url)?.[1] ?? null) : null,
      imageUrl: image?.url ?? null,
      updatedAt: r.updatedAt.toISOString(),
      events: events
        .filter((e) => e.subjectId === r.id)
        .map((e) => ({ action: e.action, actor: e.actor ?? '', at: e.at.toISOString() })),
    };
  });
}

export async function listNewsAdmin(tx: Db, now = new Date()): Promise<TNewsAdmin[]> {
  const rows = await tx
    .select()
    .from(news)
    .orderBy(sql`${news.publishedAt} desc nulls first`, desc(news.updatedAt), asc(news.id));
  return newsAdmin(tx, rows, now);
}

export async function newsItemAdmin(tx: Db, id: string, now = new Date()): Promise<TNewsAdmin> {
  const [row] = await tx.select().from(news).where(eq(news.id, id)).limit(1);
  if (!row) throw notFound('News item');
  return (await newsAdmin(tx, [row], now))[0]!;
}

async function newsData(tx: Db, body: TNewsBody) {
  const translations = {
    ar: { title: body.translations.ar.title, body: sanitizeRichText(body.translations.ar.body) },
    en: { title: body.translations.en.title, body: sanitizeRichText(body.translations.en.body) },
  };
  for (const lang of ['ar', 'en'] as const)
    if (translations[lang].body === '')
      throw new AppError('INVALID_INPUT', 'The body has no text', {
        fieldErrors: { [`translations.${lang}.body`]: ['required'] },
      });
  const featuredImage = body.imageId ? [{ url: (await pictureOf(tx, body.imageId)).url }] : [];
  return { translations, featuredImage };
}

export async function createNews(tx: Db, input: { body: TNewsBody; actorId: string }): Promise<TNewsAdmin> {
  const id = `news-${crypto.randomUUID()}`;
  const data = await newsData(tx, input.body);
  await tx.insert(news).values({ id, status: 'draft', publishedAt: null, data: { id, ...data, publishedAt: '' } });
  await record(tx, 'news', id, 'created', input.actorId);
  return newsItemAdmin(tx, id);
}

export async function updateNews(tx: Db, input: { id: string; body: TNewsBody; actorId: string }): Promise<TNewsAdmin> {
  const [row] = await tx.select().from(news).where(eq(news.id, input.id)).for('update').limit(1);
  if (!row) throw notFound('News item');
  const data = await newsData(tx, input.body);
  await tx
    .update(news)
    .set({ data: { ...row.data, ...data }, updatedAt: new Date() })
    .where(eq(news.id, input.id));
  await record(tx, 'news', input.id, 'edited', input.actorId);
  return newsItemAdmin(tx, input.id);
}

/** Publish now, or at `publishAt` (a later moment: scheduled; it shows once the moment has come). */
export async function publishNews(
  tx: Db,
  input: { id: string; publishAt: string | undefined; actorId: string; now?: Date },
): Promise<TNewsAdmin> {
  const now = input.now ?? new Date();
  const [row] = await tx.select().from(news).where(eq(news.id, input.id)).for('update').limit(1);
  if (!row) throw notFound('News item');
  const at = input.publishAt ? new Date(input.publishAt) : now;
  if (input.publishAt && at.getTime() < now.getTime() - 60_000)
    throw new AppError('INVALID_INPUT', 'A scheduled time must not be in the past', { fieldErrors: { publishAt: ['past'] } });
  await tx.update(news).set({ status: 'published', publishedAt: at, updatedAt: now }).where(eq(news.id, input.id));
  await record(tx, 'news', input.id, at > now ? 'scheduled' : 'published', input.actorId);
  return newsItemAdmin(tx, input.id, now);
}

export async function withdrawNews(tx: Db, input: { id: string; actorId: string }): Promise<TNewsAdmin> {
  const [row] = await tx.select().from(news).where(eq(news.id, input.id)).for('update').limit(1);
  if (!row) throw notFound('News item');
  if (row.status !== 'published') throw new AppError('TRANSITION_NOT_ALLOWED', 'Only a published or scheduled item is withdrawn');
  await tx.update(news).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(news.id, input.id));
  await record(tx, 'news', input.id, 'withdrawn', input.actorId);
  return newsItemAdmin(tx, input.id);
}

/* ------------------------------------------------ guides ----------------------------------------------- */

export async function listGuidesAdmin(tx: Db): Promise<TGuideAdmin[]> {
  const rows = await tx.select().from(userGuides).orderBy(asc(userGuides.sortOrder), asc(userGuides.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    url: r.url,
    audience: r.audience,
    footerSlot: r.footerSlot ?? null,
    sortOrder: r.sortOrder,
  }));
}

/** A footer place belongs to one guide: giving it to this one takes it from the other. */
async function freeSlot(tx: Db, slot: TGuideBody['footerSlot'], id: string) {
  if (slot)
    await tx
      .update(userGuides)
      .set({ footerSlot: null })
      .where(and(eq(userGuides.footerSlot, slot), sql`${userGuides.id} <> ${id}`));
}

export async function createGuide(tx: Db, input: { body: TGuideBody; actorId: string }): Promise<TGuideAdmin[]> {
  const id = `guide-${crypto.randomUUID()}`;
  const [last] = await tx.select({ n: sql<number>`coalesce(max(${userGuides.sortOrder}), 0)::int` }).from(userGuides);
  await freeSlot(tx, input.body.footerSlot, id);
  await tx.insert(userGuides).values({ id, ...input.body, sortOrder: Number(last?.n ?? 0) + 1 });
  await record(tx, 'guide', id, 'created', input.actorId);
  return listGuidesAdmin(tx);
}

export async function updateGuide(tx: Db, input: { id: string; body: TGuideBody; actorId: string }): Promise<TGuideAdmin[]> {
  await freeSlot(tx, input.body.footerSlot, input.id);
  const done = await tx
    .update(userGuides)
    .set({ ...input.body, updatedAt: new Date() })
    .where(eq(userGuides.id, input.id))
    .returning({ id: userGuides.id });
  if (done.length === 0) throw notFound('Guide');
  await record(tx, 'guide', input.id, 'edited', input.actorId);
  return listGuidesAdmin(tx);
}

export async function deleteGuide(tx: Db, input: { id: string; actorId: string }): Promise<TGuideAdmin[]> {
  const done = await tx.delete(userGuides).where(eq(userGuides.id, input.id)).returning({ id: userGuides.id });
  if (done.length === 0) throw notFound('Guide');
  await record(tx, 'guide', input.id, 'removed', input.actorId);
  return listGuidesAdmin(tx);
}

/** The new order: every guide's id once. */
export async function orderGuides(tx: Db, input: { ids: string[]; actorId: string }): Promise<TGuideAdmin[]> {
  const existing = (await tx.select({ id: userGuides.id }).from(userGuides)).map((r) => r.id).sort();
  const sent = [...input.ids].sort();
  if (new Set(sent).size !== sent.length || sent.join('\n') !== existing.join('\n'))
    throw new AppError('INVALID_INPUT', 'Name every guide once', { fieldErrors: { ids: ['invalid'] } });
  for (const [i, id] of input.ids.entries())
    await tx
      .update(userGuides)
      .set({ sortOrder: i + 1 })
      .where(eq(userGuides.id, id));
  await record(tx, 'guide', '*', 'reordered', input.actorId);
  return listGuidesAdmin(tx);
}

/* ------------------------------------------------ banners ---------------------------------------------- */

export async function listBannersAdmin(tx: Db, now = new Date()): Promise<TBannerAdmin[]> {
  const rows = await tx.select().from(alertBanners).orderBy(desc(alertBanners.startsAt), asc(alertBanners.id));
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    level: r.level,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt?.toISOString() ?? null,
    dismissible: r.dismissible,
    state: r.startsAt > now ? 'scheduled' : r.endsAt && r.endsAt <= now ? 'ended' : 'showing',
  }));
}

const bannerValues = (b: TBannerBody) => ({
  text: b.text,
  level: b.level,
  startsAt: new Date(b.startsAt),
  endsAt: b.endsAt ? new Date(b.endsAt) : null,
  dismissible: b.dismissible,
});

export async function createBanner(tx: Db, input: { body: TBannerBody; actorId: string }): Promise<TBannerAdmin[]> {
  const id = `banner-${crypto.randomUUID()}`;
  await tx.insert(alertBanners).values({ id, ...bannerValues(input.body) });
  await record(tx, 'banner', id, 'created', input.actorId);
  return listBannersAdmin(tx);
}

export async function updateBanner(tx: Db, input: { id: string; body: TBannerBody; actorId: string }): Promise<TBannerAdmin[]> {
  const done = await tx
    .update(alertBanners)
    .set({ ...bannerValues(input.body), updatedAt: new Date() })
    .where(eq(alertBanners.id, input.id))
    .returning({ id: alertBanners.id });
  if (done.length === 0) throw notFound('Banner');
  await record(tx, 'banner', input.id, 'edited', input.actorId);
  return listBannersAdmin(tx);
}

export async function deleteBanner(tx: Db, input: { id: string; actorId: string }): Promise<TBannerAdmin[]> {
  const done = await tx.delete(alertBanners).where(eq(alertBanners.id, input.id)).returning({ id: alertBanners.id });
  if (done.length === 0) throw notFound('Banner');
  await record(tx, 'banner', input.id, 'removed', input.actorId);
  return listBannersAdmin(tx);
}

/* ------------------------------------------------ FAQ -------------------------------------------------- */

export async function listFaqAdmin(tx: Db): Promise<TFaqEntry[]> {
  const rows = await tx.select().from(faqs).orderBy(asc(faqs.groupKey), asc(faqs.sortOrder), asc(faqs.id));
  return rows.map((r) => ({ ...r.data, id: r.id, group: r.groupKey, order: r.sortOrder }));
}

const faqRow = (id: string, b: TFaqBody) => ({
  groupKey: b.group,
  sortOrder: b.order,
  data: { id, group: b.group, order: b.order, translations: b.translations },
});

export async function createFaq(tx: Db, input: { body: TFaqBody; actorId: string }): Promise<TFaqEntry[]> {
  const id = `faq-${crypto.randomUUID()}`;
  await tx.insert(faqs).values({ id, ...faqRow(id, input.body) });
  await record(tx, 'faq', id, 'created', input.actorId);
  return listFaqAdmin(tx);
}

export async function updateFaq(tx: Db, input: { id: string; body: TFaqBody; actorId: string }): Promise<TFaqEntry[]> {
  const done = await tx.update(faqs).set(faqRow(input.id, input.body)).where(eq(faqs.id, input.id)).returning({ id: faqs.id });
  if (done.length === 0) throw notFound('Question');
  await record(tx, 'faq', input.id, 'edited', input.actorId);
  return listFaqAdmin(tx);
}

export async function deleteFaq(tx: Db, input: { id: string; actorId: string }): Promise<TFaqEntry[]> {
  const done = await tx.delete(faqs).where(eq(faqs.id, input.id)).returning({ id: faqs.id });
  if (done.length === 0) throw notFound('Question');
  await record(tx, 'faq', input.id, 'removed', input.actorId);
  return listFaqAdmin(tx);
}

/* ------------------------------------------------ figures ---------------------------------------------- */

const FIGURES_KEY = 'home-figures';

export async function figureSettings(tx: Db): Promise<TFiguresBody> {
  const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.key, FIGURES_KEY)).limit(1);
  const v = row?.value as Partial<TFiguresBody> | undefined;
  return {
    clientsMillions: typeof v?.clientsMillions === 'number' ? v.clientsMillions : DEFAULT_FIGURES.clientsMillions,
    centres: typeof v?.centres === 'number' ? v.centres : DEFAULT_FIGURES.centres,
  };
}

export async function setFigures(tx: Db, input: { body: TFiguresBody; actorId: string; services: number }): Promise<TFigures> {
  await tx
    .insert(siteSettings)
    .values({ key: FIGURES_KEY, value: input.body })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: input.body, updatedAt: new Date() } });
  await record(tx, 'figures', FIGURES_KEY, 'edited', input.actorId);
  return { services: input.services, ...input.body };
}
