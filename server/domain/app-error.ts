import { ERROR_CODES, type TApiError, type TErrorCode } from '../../contract/errors.ts';
import type { FieldIssue } from '../../contract/form-errors.ts';

type TConflict = NonNullable<TApiError['conflict']>;

/** The one error type the server throws on purpose. The error handler turns it into the wire shape. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: TErrorCode;
  readonly status: number;
  readonly details: string[] | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** The field errors with their bounds (form validation, contract/form-errors.ts). */
  readonly fieldIssues: Record<string, FieldIssue> | undefined;
  /** REQUEST_CHANGED: who changed the request, what they did (a timeline event kind) and when. */
  readonly conflict: TConflict | undefined;

  constructor(
    code: TErrorCode,
    message?: string,
    extra: {
      details?: string[];
      fieldErrors?: Record<string, string[]>;
      fieldIssues?: Record<string, FieldIssue>;
      conflict?: TConflict;
    } = {},
  ) {
    super(message ?? code);
    this.code = code;
    const status = ERROR_CODES[code];
    this.status = status >= 400 ? status : 500;
    this.details = extra.details;
    this.fieldErrors = extra.fieldErrors;
    this.fieldIssues = extra.fieldIssues;
    this.conflict = extra.conflict;
  }

  toJSON(): TApiError {
    return {
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
      ...(this.fieldIssues ? { fieldIssues: this.fieldIssues } : {}),
      ...(this.conflict ? { conflict: this.conflict } : {}),
    };
  }
}

export const notFound = (what: string) => new AppError('MODEL_NOT_FOUND', `${what} not found`);
