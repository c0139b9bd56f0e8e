import { Trans } from '@lingui/react/macro';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/*
 * The one field wrapper (docs/decisions/044-fields-and-one-error-summary.md): a control's label, its hint, its
 * error and the ids that tie them to it. The form engine's templates draw their fields with these parts, and every
 * input outside the form engine is wrapped in `Field`: one look, one wiring (`aria-describedby` names the hint,
 * the error and any extra text; `aria-invalid` while there is an error).
 */

const HINT = '-hint';
const ERROR = '-error';
export const hintIdOf = (id: string) => id + HINT;
export const errorIdOf = (id: string) => id + ERROR;

/** The aria attributes a control gets from its field. */
export type FieldControl = {
  id: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  'aria-required'?: true | undefined;
};

export function fieldAria(
  id: string,
  o: {
    hint?: boolean;
    error?: boolean;
    invalid?: boolean | undefined;
    required?: boolean | undefined;
    describedBy?: string | undefined;
  },
): FieldControl {
  const by = [o.hint ? hintIdOf(id) : '', o.error ? errorIdOf(id) : '', o.describedBy ?? ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-describedby': by || undefined,
    'aria-invalid': o.error || o.invalid ? true : undefined,
    'aria-required': o.required ? true : undefined,
  };
}

/** A label's text, with "(optional)" after it when the field may stay empty. */
export function LabelText({ label, optional }: { label: ReactNode; optional?: boolean | undefined }) {
  return (
    <>
      {label}
      {optional && (
        <span className="ms-1 text-sm font-normal text-ink-muted">
          <Trans>(optional)</Trans>
        </span>
      )}
    </>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <p id={hintIdOf(id)} className="text-sm text-ink-muted">
      {children}
    </p>
  ) : null;
}

/**
 * A field's error, under it. `announce`: a live region (`role="alert"`), for an error that appears beside the field
 * only; a form whose error summary announces the errors leaves it off.
 */
export function FieldError({ id, children, announce = true }: { id: string; children: ReactNode; announce?: boolean }) {
  return children ? (
    <p id={errorIdOf(id)} role={announce ? 'alert' : undefined} className="text-sm font-medium text-danger">
      {children}
    </p>
  ) : null;
}

export type FieldProps = {
  /** The control's id (the label's `for`; the hint and error ids derive from it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error (already worded); none: the field is valid. */
  error?: ReactNode;
  /** Invalid without an error of its own under it (the form's summary says why, `describedBy` names it). */
  invalid?: boolean | undefined;
  /** `aria-required` on the control. */
  required?: boolean | undefined;
  /** Shows "(optional)" after the label. */
  optional?: boolean | undefined;
  /** The error is a live region (default); off where an error summary announces. */
  announce?: boolean;
  /** More ids describing the control (a checklist under it). */
  describedBy?: string | undefined;
  /** Visually hidden label (a search box whose purpose its surroundings say). */
  hideLabel?: boolean;
  className?: string;
  labelClassName?: string;
  /** After the error (a checklist, a counter). */
  after?: ReactNode;
  /** The control: an element (it gets the id and aria attributes) or a function of them. */
  children: ReactElement<FieldControl> | ((control: FieldControl) => ReactNode);
};

export function Field(p: FieldProps) {
  const control = fieldAria(p.id, {
    hint: Boolean(p.hint),
    error: Boolean(p.error),
    invalid: p.invalid,
    required: p.required,
    describedBy: p.describedBy,
  });
  const drawn =
    typeof p.children === 'function'
      ? p.children(control)
      : isValidElement(p.children)
        ? cloneElement(p.children, control)
        : p.children;
  return (
    <div className={p.className ?? 'flex flex-col gap-1'} data-field={p.id}>
      <label htmlFor={p.id} className={p.hideLabel ? 'sr-only' : (p.labelClassName ?? 'font-medium')}>
        <LabelText label={p.label} optional={p.optional} />
      </label>
      <FieldHint id={p.id}>{p.hint}</FieldHint>
      {drawn}
      <FieldError id={p.id} announce={p.announce}>
        {p.error}
      </FieldError>
      {p.after}
    </div>
  );
}
