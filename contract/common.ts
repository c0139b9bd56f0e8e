import { z } from 'zod/mini';
import { EMAIL_PATTERN, LANGS, SLUG_PATTERN, isPlainText } from './basics.ts';

/*
 * The contract is written with `zod/mini` (functional, tree-shakable): the server validates with it, and the
 * browser's form screens check a form before sending it (the full zod would cost about 40 KB gzip more). The
 * first page loads none of it (decision 035): what it needs without a schema is in contract/basics.ts.
 */

export { DEFAULT_LANG, LANGS, PLAIN_TEXT_FORBIDDEN, SLUG_PATTERN, isPlainText, type TLang } from './basics.ts';
export const ZLang = z.enum(LANGS);

export const nonEmpty = () => z.string().check(z.minLength(1));

/*
 * Strings a person types come in two kinds. Free text (a message, a description) is kept as typed. Plain text is
 * everything staff or other systems read as a value: names, usernames, identifiers, addresses, e-mail, mobile,
 * national id. Plain text may not carry control characters or the bidirectional overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), which can make a stored name display as something else (quality.md
 * "Security"). The field code `text-invalid` is translated by the UI ("... is not valid").
 *
 * U+0000 is refused in every string of every request at the edge (server/http/validation.ts), so neither kind
 * repeats that rule.
 */
export const TEXT_INVALID = 'text-invalid';
/**
 * The check plain-text strings share; add it to a string schema that is not free text. Spaces, tabs and line
 * breaks around the value are not judged (plain fields are trimmed), only what is inside.
 */
export const plainTextCheck = () => z.refine<string>((s) => isPlainText(s.trim()), { error: TEXT_INVALID });
/** A plain-text value, trimmed, `min` to `max` characters. */
export const plainText = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min), z.maxLength(max), plainTextCheck());
/** Free text (a message): trimmed, `min` to `max` characters, otherwise kept as typed. */
export const freeText = (min: number, max: number) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max));

/** A text in both interface languages. Arabic is the default and is always present. */
export const ZLocalized = z.strictObject({ ar: nonEmpty(), en: nonEmpty() });
export type TLocalized = z.infer<typeof ZLocalized>;

export const ZIsoDate = z.iso.date();
export const ZIsoDateTime = z.iso.datetime({ offset: true });

export const ZId = z.string().check(z.minLength(1), z.maxLength(64));

/** A slug as the spec writes them (contract/basics.ts). */
export const ZSlug = z.string().check(z.regex(SLUG_PATTERN));

export const ZImage = z.object({ url: nonEmpty() });

/** An e-mail address (spec section 5 "Email must be valid"): trimmed, at most 254 characters (`isEmail` in basics.ts). */
export const ZEmail = z.string().check(z.trim(), z.maxLength(254), plainTextCheck(), z.email({ pattern: EMAIL_PATTERN }));

/** A whole number in a query string ("2" arrives as text), `min` to `max`. */
export const wholeNumber = (min: number, max: number) =>
  z.coerce.number().check(z.refine(Number.isInteger, { message: 'expected a whole number' }), z.gte(min), z.lte(max));

export const int = (min?: number, max?: number) =>
  z.int().check(...(min !== undefined ? [z.gte(min)] : []), ...(max !== undefined ? [z.lte(max)] : []));
