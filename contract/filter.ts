import { z } from 'zod';

/**
 * The `filter` query parameter: a typed, whitelisted subset of the LoopBack filter
 * (`where`, `fields`, `include`, `limit`, `skip`, `order`). Each resource declares which fields may appear
 * where; anything else fails parsing and the server answers 400 INVALID_FILTER.
 */
export type FilterSpec<W extends z.ZodRawShape, F extends string, I extends string, O extends string> = {
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
export const whereValue = <T extends z.ZodType>(t: T) =>
  z.union([t, z.object({ inq: z.array(t).max(100) }).strict(), z.object({ neq: t }).strict()]);

export function makeFilterSchema<W extends z.ZodRawShape, F extends string, I extends string, O extends string>(
  spec: FilterSpec<W, F, I, O>,
) {
  const fieldEnum = z.enum(spec.fields as unknown as [F, ...F[]]);
  const orderEnum = z.enum(spec.order as unknown as [O, ...O[]]);
  const orderItem = z
    .string()
    .regex(/^[A-Za-z]+( (ASC|DESC))?$/i)
    .transform((s) => {
      const [field, dir] = s.split(' ');
      return { field: field as string, dir: (dir?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC') as 'ASC' | 'DESC' };
    })
    .pipe(z.object({ field: orderEnum, dir: z.enum(['ASC', 'DESC']) }));
  const includeEnum = spec.include && spec.include.length > 0 ? z.enum(spec.include as unknown as [I, ...I[]]) : z.never();
  const includeItem = z.union([
    includeEnum,
    z
      .object({
        relation: includeEnum,
        scope: z
          .object({
            fields: z
              .array(spec.includeFields ? z.enum(spec.includeFields as unknown as [string, ...string[]]) : z.never())
              .max(60)
              .optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ]);
  return z
    .object({
      where: z.object(spec.where).partial().strict().optional(),
      fields: z
        .union([
          z.array(fieldEnum).max(60),
          z.partialRecord(fieldEnum, z.boolean()).transform((r) => Object.keys(r).filter((k) => r[k as F]) as F[]),
        ])
        .optional(),
      include: z.union([includeItem, z.array(includeItem).max(5)]).optional(),
      limit: z.number().int().min(1).max(spec.maxLimit ?? FILTER_MAX_LIMIT).optional(),
      skip: z.number().int().min(0).max(1_000_000).optional(),
      order: z.union([orderItem, z.array(orderItem).max(5)]).optional(),
    })
    .strict();
}

/** The query string carries the filter as JSON text: `?filter={"where":{...}}`. */
export const jsonQuery = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .max(4000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'filter is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
