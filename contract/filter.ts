import { z } from 'zod/mini';
import { int } from './common.ts';

/**
 * The `filter` query parameter: a typed, whitelisted subset of the LoopBack filter
 * (`where`, `fields`, `include`, `limit`, `skip`, `order`). Each resource declares which fields may appear
 * where; anything else fails parsing and the server answers 400 INVALID_FILTER.
 */
export type FilterSpec<W extends z.core.$ZodLooseShape, F extends string, I extends string, O extends string> = {
  where: W;
  fields: readonly F[];
  include?: readonly I[];
  /** Fields a related model may be reduced to in `include: { relation, scope: { fields } }`. */
  includeFields?: readonly string[];
  order: readonly O[];
  maxLimit?: number;
};

export const FILTER_MAX_LIMIT = 100;

/** A where-clause value: equality, or one operator object. */
export const whereValue = <T extends z.core.SomeType>(t: T) =>
  z.union([t, z.strictObject({ inq: z.array(t).check(z.maxLength(100)) }), z.strictObject({ neq: t })]);

const ORDER_ITEM = /^[A-Za-z]+( (ASC|DESC|asc|desc))?$/;

export function makeFilterSchema<W extends z.core.$ZodLooseShape, F extends string, I extends string, O extends string>(
  spec: FilterSpec<W, F, I, O>,
) {
  const fieldEnum = z.enum(spec.fields as unknown as [F, ...F[]]);
  const orderEnum = z.enum(spec.order as unknown as [O, ...O[]]);
  const orderItem = z.pipe(
    z.pipe(
      z.string().check(z.regex(ORDER_ITEM)),
      z.transform((s: string) => {
        const [field, dir] = s.split(' ');
        return { field: field as string, dir: dir?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
      }),
    ),
    z.object({ field: orderEnum, dir: z.enum(['ASC', 'DESC']) }),
  );
  const includeEnum = spec.include && spec.include.length > 0 ? z.enum(spec.include as unknown as [I, ...I[]]) : z.never();
  const scopeField = spec.includeFields ? z.enum(spec.includeFields as unknown as [string, ...string[]]) : z.never();
  const includeItem = z.union([
    includeEnum,
    z.strictObject({
      relation: includeEnum,
      scope: z.optional(z.strictObject({ fields: z.optional(z.array(scopeField).check(z.maxLength(60))) })),
    }),
  ]);
  return z.strictObject({
    where: z.optional(z.partial(z.strictObject(spec.where))),
    fields: z.optional(
      z.union([
        z.array(fieldEnum).check(z.maxLength(60)),
        z.pipe(
          z.partialRecord(fieldEnum, z.boolean()),
          z.transform((r: Partial<Record<F, boolean>>) => Object.keys(r).filter((k) => r[k as F]) as F[]),
        ),
      ]),
    ),
    include: z.optional(z.union([includeItem, z.array(includeItem).check(z.maxLength(5))])),
    limit: z.optional(int(1, spec.maxLimit ?? FILTER_MAX_LIMIT)),
    skip: z.optional(int(0, 1_000_000)),
    order: z.optional(z.union([orderItem, z.array(orderItem).check(z.maxLength(5))])),
  });
}

/** The query string carries the filter as JSON text: `?filter={"where":{...}}`. */
export const jsonQuery = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(4000)),
      z.transform((text: string, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: 'filter is not valid JSON', input: text });
          return z.NEVER;
        }
      }),
    ),
    schema,
  );
