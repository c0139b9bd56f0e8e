import { z } from 'zod';

export const LANGS = ['ar', 'en'] as const;
export const ZLang = z.enum(LANGS);
export type TLang = z.infer<typeof ZLang>;
export const DEFAULT_LANG: TLang = 'ar';

/** A text in both interface languages. Arabic is the default and is always present. */
export const ZLocalized = z.object({ ar: z.string().min(1), en: z.string().min(1) });
export type TLocalized = z.infer<typeof ZLocalized>;

export const ZIsoDate = z.iso.date();
export const ZIsoDateTime = z.iso.datetime({ offset: true });

export const ZId = z.string().min(1).max(64);

/** A slug as the spec writes them (CODEMETER, ADD_METER, tickets, power-connection-investment). */
export const ZSlug = z.string().regex(/^[A-Za-z0-9_-]{2,64}$/);

export const ZImage = z.object({ url: z.string().min(1) });
