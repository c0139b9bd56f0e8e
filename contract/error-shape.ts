import { z } from 'zod/mini';

/**
 * The one error shape on the wire. Every non-2xx answer of the API has this body.
 * `code` is one of {@link ERROR_CODES}; `message` is English for logs and API users, the UI never shows it
 * (it translates by code); `details` are extra human messages; `fieldErrors` maps a field path to codes.
 */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.optional(z.array(z.string())),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  /** The same field errors with their bounds (`min`, `max`) and a field's own pattern message (contract/form-errors.ts). */
  /** REQUEST_CHANGED: the change the caller did not see (who, what, when), so the screen can name it. */
  conflict: z.optional(z.object({ by: z.nullable(z.string()), action: z.string(), at: z.string(), version: z.number() })),
  fieldIssues: z.optional(
    z.record(
      z.string(),
      z.object({
        code: z.string(),
        min: z.optional(z.number()),
        max: z.optional(z.number()),
        custom: z.optional(z.object({ ar: z.string(), en: z.string() })),
      }),
    ),
  ),
});
