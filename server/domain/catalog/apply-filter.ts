/**
 * Applies a parsed (already whitelisted) LoopBack-style filter to rows held in memory. The catalog is small
 * and cached, so this is cheaper than a query per request; the contract decides which fields may be used.
 */
export type WhereValue = unknown;
export type ParsedOrder = { field: string; dir: 'ASC' | 'DESC' };
export type ParsedFilter = {
  where?: Record<string, WhereValue> | undefined;
  fields?: string[] | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  order?: ParsedOrder | ParsedOrder[] | undefined;
};

function matchesValue(actual: unknown, expected: unknown): boolean {
  // An array column (categoryIds) matches when it contains the value.
  if (Array.isArray(actual)) return actual.some((a) => a === expected);
  return actual === expected;
}

export function matchesWhere(row: Record<string, unknown>, where: Record<string, WhereValue> | undefined): boolean {
  if (!where) return true;
  for (const [field, cond] of Object.entries(where)) {
    if (cond === undefined) continue;
    const actual = row[field];
    if (cond !== null && typeof cond === 'object' && !Array.isArray(cond)) {
      if ('inq' in cond) {
        if (!(cond.inq as unknown[]).some((v) => matchesValue(actual, v))) return false;
        continue;
      }
      if ('neq' in cond) {
        if (matchesValue(actual, cond.neq)) return false;
        continue;
      }
    }
    if (!matchesValue(actual, cond)) return false;
  }
  return true;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en');
}

export function project<T extends Record<string, unknown>>(row: T, fields: string[] | undefined): Partial<T> {
  if (!fields || fields.length === 0) return row;
  const out: Partial<T> = {};
  for (const f of fields) if (f in row) out[f as keyof T] = row[f as keyof T];
  return out;
}

export function applyFilter<T extends Record<string, unknown>>(rows: T[], filter: ParsedFilter | undefined): Partial<T>[] {
  let out = rows.filter((r) => matchesWhere(r, filter?.where));
  const orders = filter?.order ? (Array.isArray(filter.order) ? filter.order : [filter.order]) : [];
  if (orders.length > 0) {
    out = [...out].sort((a, b) => {
      for (const o of orders) {
        const c = compare(a[o.field], b[o.field]);
        if (c !== 0) return o.dir === 'DESC' ? -c : c;
      }
      return 0;
    });
  }
  const skip = filter?.skip ?? 0;
  out = out.slice(skip, filter?.limit !== undefined ? skip + filter.limit : undefined);
  return out.map((r) => project(r, filter?.fields));
}
