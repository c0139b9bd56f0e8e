import { z } from 'zod/mini';
import { ZId, ZIsoDateTime, freeText, plainText } from './common.ts';

/*
 * Managing the portal's content (issue 26, decision 067): news, the user-guide library, alert banners, the FAQ and
 * the home page's figures, for staff with ROLE.content. Rich text (a news body) is sanitised on the server
 * (server/domain/content/sanitize.ts); what these schemas check is shape and size.
 */

const both = <T extends z.ZodMiniType>(t: T) => z.strictObject({ ar: t, en: t });

/** A name or short text in both languages, plain text. */
export const ZPlainBoth = both(plainText(1, 200));

/** A link a guide points to: a path of this portal (`/...`) or an https address; never `javascript:` or `data:`. */
export const SAFE_LINK = /^(\/(?!\/)[^\s]*|https:\/\/[^\s/]+[^\s]*)$/;
export const ZSafeLink = z.string().check(z.trim(), z.maxLength(2000), z.regex(SAFE_LINK, { error: 'link-invalid' }));

/* ------------------------------------------------ files ------------------------------------------------ */

export const CONTENT_FILE_KINDS = ['image', 'pdf'] as const;
/** Upload headers: the file's name and what it is for (a news picture, a guide's PDF). */
export const ZContentFileHeaders = z.object({
  'x-file-name': z.string().check(z.minLength(1), z.maxLength(255)),
  'x-file-kind': z.enum(CONTENT_FILE_KINDS),
});
/** Content files' limits: a picture (JPEG, PNG, WebP) up to 5 MiB, a PDF up to 20 MiB. */
export const CONTENT_FILE_LIMITS = {
  image: { maxBytes: 5 * 1_048_576, types: ['image/jpeg', 'image/png', 'image/webp'] },
  pdf: { maxBytes: 20 * 1_048_576, types: ['application/pdf'] },
} as const;
export const ZContentFile = z.object({
  id: ZId,
  kind: z.enum(CONTENT_FILE_KINDS),
  name: z.string(),
  mime: z.string(),
  size: z.int(),
  url: z.string(),
  /** A picture's card-sized copy (640 px wide). */
  cardUrl: z.nullable(z.string()),
});
export type TContentFile = z.infer<typeof ZContentFile>;
export const ZContentFileQuery = z.object({ size: z.optional(z.enum(['card'])) });

/* ------------------------------------------------ news ------------------------------------------------- */

const ZNewsTexts = z.strictObject({ title: plainText(1, 200), body: freeText(1, 20_000) });
export const ZNewsBody = z.strictObject({
  translations: both(ZNewsTexts),
  /** A picture uploaded as a content file (kind image), or none. */
  imageId: z.nullable(ZId),
});
export type TNewsBody = z.infer<typeof ZNewsBody>;
export const NEWS_STATES = ['draft', 'scheduled', 'published', 'withdrawn'] as const;
export const ZContentEvent = z.object({ action: z.string(), actor: z.string(), at: ZIsoDateTime });
export const ZNewsAdmin = z.object({
  id: ZId,
  state: z.enum(NEWS_STATES),
  publishedAt: z.nullable(ZIsoDateTime),
  translations: z.object({
    ar: z.object({ title: z.string(), body: z.string() }),
    en: z.object({ title: z.string(), body: z.string() }),
  }),
  imageId: z.nullable(ZId),
  imageUrl: z.nullable(z.string()),
  updatedAt: ZIsoDateTime,
  /** Who did what when, newest first. */
  events: z.array(ZContentEvent),
});
export type TNewsAdmin = z.infer<typeof ZNewsAdmin>;
export const ZNewsAdminList = z.object({ items: z.array(ZNewsAdmin) });
/** Publish now (no date), or schedule for a later moment. */
export const ZPublishBody = z.strictObject({ publishAt: z.optional(ZIsoDateTime) });

/* ------------------------------------------------ guides ----------------------------------------------- */

export const GUIDE_AUDIENCES = ['citizens', 'staff', 'agents'] as const;
export const FOOTER_SLOTS = ['citizen-guide', 'code-of-conduct'] as const;
export const ZGuideBody = z.strictObject({
  name: ZPlainBoth,
  kind: z.enum(['document', 'video', 'link']),
  /** The document (a content file's address), the video or the link, per language. */
  url: both(ZSafeLink),
  audience: z.array(z.enum(GUIDE_AUDIENCES)).check(z.minLength(1), z.maxLength(3)),
  footerSlot: z.nullable(z.enum(FOOTER_SLOTS)),
});
export type TGuideBody = z.infer<typeof ZGuideBody>;
export const ZGuideAdmin = z.object({
  id: ZId,
  name: z.object({ ar: z.string(), en: z.string() }),
  kind: z.enum(['document', 'video', 'link']),
  url: z.object({ ar: z.string(), en: z.string() }),
  audience: z.array(z.enum(GUIDE_AUDIENCES)),
  footerSlot: z.nullable(z.enum(FOOTER_SLOTS)),
  sortOrder: z.int(),
});
export type TGuideAdmin = z.infer<typeof ZGuideAdmin>;
export const ZGuideAdminList = z.object({ items: z.array(ZGuideAdmin) });
export const ZGuideOrder = z.strictObject({ ids: z.array(ZId).check(z.minLength(1), z.maxLength(500)) });

/* ------------------------------------------------ banners ---------------------------------------------- */

export const BANNER_LEVELS = ['info', 'success', 'warning', 'error'] as const;
export const ZBannerBody = z
  .strictObject({
    text: both(plainText(1, 300)),
    level: z.enum(BANNER_LEVELS),
    startsAt: ZIsoDateTime,
    endsAt: z.nullable(ZIsoDateTime),
    dismissible: z.boolean(),
  })
  .check(
    z.refine((b) => b.endsAt === null || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
      error: 'ends-before-start',
      path: ['endsAt'],
    }),
  );
export type TBannerBody = z.infer<typeof ZBannerBody>;
export const ZBannerAdmin = z.object({
  id: ZId,
  text: z.object({ ar: z.string(), en: z.string() }),
  level: z.enum(BANNER_LEVELS),
  startsAt: ZIsoDateTime,
  endsAt: z.nullable(ZIsoDateTime),
  dismissible: z.boolean(),
  /** Showing now, waiting for its start, or over. */
  state: z.enum(['scheduled', 'showing', 'ended']),
});
export type TBannerAdmin = z.infer<typeof ZBannerAdmin>;
export const ZBannerAdminList = z.object({ items: z.array(ZBannerAdmin) });

/* ------------------------------------------------ FAQ -------------------------------------------------- */

const ZFaqTexts = z.strictObject({ group: plainText(1, 100), question: plainText(1, 300), answer: freeText(1, 4000) });
export const ZFaqBody = z.strictObject({
  /** The group's key (entries of a group are shown together, by `order`). */
  group: z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,40}$/, { error: 'invalid' })),
  order: z.int().check(z.gte(0), z.lte(10_000)),
  translations: both(ZFaqTexts),
});
export type TFaqBody = z.infer<typeof ZFaqBody>;
export const ZFaqAdminList = z.object({
  items: z.array(
    z.object({
      id: ZId,
      group: z.string(),
      order: z.int(),
      translations: z.object({
        ar: z.object({ group: z.string(), question: z.string(), answer: z.string() }),
        en: z.object({ group: z.string(), question: z.string(), answer: z.string() }),
      }),
    }),
  ),
});

/* ------------------------------------------------ figures ---------------------------------------------- */

/** The home page's figures: services are counted from the catalog; clients (millions) and centres are settings. */
export const ZFiguresBody = z.strictObject({
  clientsMillions: z.int().check(z.gte(0), z.lte(1000)),
  centres: z.int().check(z.gte(0), z.lte(100_000)),
});
export type TFiguresBody = z.infer<typeof ZFiguresBody>;
export const ZFigures = z.object({ services: z.int(), clientsMillions: z.int(), centres: z.int() });
export type TFigures = z.infer<typeof ZFigures>;
export const DEFAULT_FIGURES: TFiguresBody = { clientsMillions: 6, centres: 400 };
