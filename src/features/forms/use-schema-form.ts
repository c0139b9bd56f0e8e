import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import type { TFieldsSchema } from '../../../contract/catalog.ts';
import { ApiError } from '../../lib/api-client.ts';
import {
  failingInOrder,
  initialValues,
  mapServerFieldErrors,
  validateValues,
  type FieldErrors,
  type FieldIssue,
  type FieldValue,
  type FormValues,
} from './rules.ts';

/** Spec section 2 "Add request": the first failing field is scrolled to the centre after about 100 ms. */
export const FOCUS_DELAY_MS = 100;

export type SchemaForm = {
  schema: TFieldsSchema;
  /** The fields in display order. */
  fieldIds: readonly string[];
  idPrefix: string;
  values: FormValues;
  errors: FieldErrors;
  /** An error of the whole form (a server error not about one field), for the error summary. */
  formError: unknown;
  /** Field errors from the server on fields this form does not show. */
  otherIssues: FieldIssue[];
  /** Set after a failed submit: the error summary is shown. */
  failed: boolean;
  setValue: (id: string, value: FieldValue) => void;
  setValues: (values: Partial<FormValues>) => void;
  /** Submit handler: checks every rule; on failure shows the errors and moves to the first failing field. */
  handleSubmit: (onValid: (values: FormValues) => void) => (e?: FormEvent) => void;
  /** Shows a server failure: `fieldErrors` next to their fields, anything else in the summary. Values stay. */
  showServerError: (err: unknown) => void;
  showErrors: (errors: FieldErrors) => void;
  reset: (values?: Partial<FormValues>) => void;
  fieldDomId: (id: string) => string;
};

export type UseSchemaFormOptions = {
  initial?: Partial<FormValues>;
  /** Extra rules (e.g. the contract's validators): they fill in fields the generic rules found no fault with. */
  check?: (values: FormValues) => FieldErrors;
};

export const domIdOf = (prefix: string, id: string) => [prefix, 'f', id].join('-');
export const summaryIdOf = (prefix: string) => [prefix, 'summary'].join('-');

/** Moves to a field: scrolled to the centre of the view, then focused (the focus does not scroll again). */
export function focusField(domId: string, delay = FOCUS_DELAY_MS): void {
  window.setTimeout(() => {
    const el = document.getElementById(domId);
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
  }, delay);
}

export function useSchemaForm(schema: TFieldsSchema, options: UseSchemaFormOptions = {}): SchemaForm {
  const reactId = useId();
  const idPrefix = reactId.replace(/[^A-Za-z0-9_-]/g, '');
  const [values, setAll] = useState<FormValues>(() => initialValues(schema, options.initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(undefined);
  const [otherIssues, setOtherIssues] = useState<FieldIssue[]>([]);
  const [failed, setFailed] = useState(false);
  const check = options.check;
  // The schema's own order is the display order (the server keeps it: field schemas are stored as json).
  const fieldIds = useMemo(() => Object.keys(schema), [schema]);

  const fieldDomId = useCallback((id: string) => domIdOf(idPrefix, id), [idPrefix]);

  const focusFirst = useCallback(
    (errs: FieldErrors) => {
      const first = failingInOrder(fieldIds, errs)[0];
      if (first) focusField(domIdOf(idPrefix, first));
    },
    [fieldIds, idPrefix],
  );

  const setValue = useCallback((id: string, value: FieldValue) => {
    setAll((v) => ({ ...v, [id]: value }));
    setErrors((e) => {
      if (!e[id]) return e;
      const next = { ...e };
      delete next[id];
      return next;
    });
  }, []);

  const showErrors = useCallback(
    (errs: FieldErrors) => {
      setErrors(errs);
      setFailed(Object.keys(errs).length > 0);
      focusFirst(errs);
    },
    [focusFirst],
  );

  const handleSubmit = useCallback(
    (onValid: (values: FormValues) => void) => (e?: FormEvent) => {
      e?.preventDefault();
      setFormError(undefined);
      setOtherIssues([]);
      const generic = validateValues(schema, values);
      const extra = check?.(values) ?? {};
      const all: FieldErrors = { ...extra, ...generic };
      // Only fields the form shows can carry an error the user can fix.
      for (const k of Object.keys(all)) if (!fieldIds.includes(k)) delete all[k];
      if (Object.keys(all).length > 0) {
        showErrors(all);
        return;
      }
      setErrors({});
      setFailed(false);
      onValid(values);
    },
    [schema, values, fieldIds, showErrors, check],
  );

  const showServerError = useCallback(
    (err: unknown) => {
      const fe = err instanceof ApiError ? err.fieldErrors : undefined;
      const { fields, other } = mapServerFieldErrors(fe, fieldIds);
      const mapped = Object.keys(fields).length > 0;
      setErrors(fields);
      setOtherIssues(other);
      // When the server named the fields, their messages say it all; otherwise the summary shows the code's text.
      setFormError(mapped ? undefined : err);
      setFailed(true);
      if (mapped) focusFirst(fields);
      else focusField(summaryIdOf(idPrefix));
    },
    [fieldIds, focusFirst, idPrefix],
  );

  const reset = useCallback(
    (next?: Partial<FormValues>) => {
      setAll(initialValues(schema, next));
      setErrors({});
      setFormError(undefined);
      setOtherIssues([]);
      setFailed(false);
    },
    [schema],
  );

  const setValues = useCallback((next: Partial<FormValues>) => {
    setAll((v) => ({ ...v, ...(next as FormValues) }));
  }, []);

  return {
    schema,
    fieldIds,
    idPrefix,
    values,
    errors,
    formError,
    otherIssues,
    failed,
    setValue,
    setValues,
    handleSubmit,
    showServerError,
    showErrors,
    reset,
    fieldDomId,
  };
}

/** A text value of the form, trimmed (checkbox and multi-value fields give ''). */
export const textOf = (values: FormValues, id: string): string => {
  const v = values[id];
  return typeof v === 'string' ? v.trim() : '';
};
