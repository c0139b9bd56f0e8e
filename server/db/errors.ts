/**
 * PostgreSQL errors as both drivers surface them. Drizzle wraps the driver's error (node-postgres or PGlite,
 * both with a SQLSTATE `code` and a `constraint`) in its own, keeping the original as `cause`.
 */
type PgErrorFields = { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown; hint?: unknown };

type DriverError = { code: string; constraint: string | undefined; message: string; hint: string | undefined };

function driverError(err: unknown): DriverError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const f = e as PgErrorFields;
    if (typeof f.code === 'string' && /^[0-9A-Z]{5}$/.test(f.code)) {
      return {
        code: f.code,
        constraint: typeof f.constraint === 'string' ? f.constraint : undefined,
        message: typeof f.message === 'string' ? f.message : '',
        hint: typeof f.hint === 'string' ? f.hint : undefined,
      };
    }
    e = f.cause;
  }
  return undefined;
}

/** True for a unique violation (SQLSTATE 23505), of the named index or constraint when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const found = driverError(err);
  return (
    found?.code === '23505' && (constraint === undefined || found.constraint === undefined || found.constraint === constraint)
  );
}

/**
 * The error code a one-statement write refused itself with (`kahraba_refuse(code)`, migration 0013, decision 046),
 * or undefined for any other error.
 */
export function refusal(err: unknown): string | undefined {
  const found = driverError(err);
  return found?.code === 'P0001' && found.hint === 'kahraba_refused' ? found.message : undefined;
}
