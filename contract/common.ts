import { z } from 'zod/mini';

/*
 * The contract is written with `zod/mini` (functional, tree-shakable): it ships to the browser, where the full
 * zod would cost about 40 KB gzip of the home page's budget. The server uses the same schemas.
 */

export const LANGS = ['ar', 'en'] as const;
export const ZLang = z.enum(LANGS);
export type TLang = z.infer<typeof ZLang>;
export const DEFAULT_LANG: TLang = 'ar';

export const nonEmpty = () => z.string().check(z.minLength(1));

/** A text in both interface languages. Arabic is the default and is always present. */
export const ZLocalized = z.strictObject({ ar: nonEmpty(), en: nonEmpty() });
export type TLocalized = z.infer<typeof ZLocalized>;

export const ZIsoDate = z.iso.date();
export const ZIsoDateTime = z.iso.datetime({ offset: true });

export const ZId = z.string().check(z.minLength(1), z.maxLength(64));

/** A slug as the spec writes them (CODEMETER, ADD_METER, tickets, power-connection-investment). */
export const ZSlug = z.string().check(z.regex(/^[A-Za-z0-9_-]{2,64}$/));

export const ZImage = z.object({ url: nonEmpty() });

/** An e-mail address (spec section 5 "Email must be valid"): trimmed, at most 254 characters. */
export const ZEmail = z.string().check(z.trim(), z.maxLength(254), z.email());

export const int = (min?: number, max?: number) =>
  z.int().check(...(min !== undefined ? [z.gte(min)] : []), ...(max !== undefined ? [z.lte(max)] : []));
