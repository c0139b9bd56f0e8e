/*
 * An address's search parameters, read by the routes' `validateSearch` without a schema library (decision 035:
 * the first page's bundle has none). Each reader keeps an absent parameter absent, and replaces a value of the
 * wrong form by its fallback: a hand-edited or old address still opens the page.
 */

/** A text of at most `max` characters, else ''. */
export const searchText = (v: unknown, max: number): string | undefined =>
  v === undefined ? undefined : typeof v === 'string' && v.length <= max ? v : '';

/** A finite number (or a text of one) that passes `check`, else `fallback`. */
export function searchNumber(v: unknown, fallback: number, check: (n: number) => boolean = () => true): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && check(n) ? n : fallback;
}

/** `true` or `false`, else `false`. */
export const searchFlag = (v: unknown): boolean | undefined => (v === undefined ? undefined : v === true);

/** Search parameters without the empty ones (nor the given defaults), so that the address names only what is set. */
export function withoutEmpty<T extends object>(search: T, defaults: readonly unknown[] = []): Partial<T> {
  return Object.fromEntries(
    Object.entries(search).filter(([, v]) => v !== undefined && v !== '' && !defaults.includes(v)),
  ) as Partial<T>;
}
