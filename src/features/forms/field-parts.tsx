import { Trans } from '@lingui/react/macro';
import type { UiSchema, WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';

/*
 * The small parts every field draws the same way: its label (with "(optional)"), its hint (the field's tooltip,
 * `ui:help`), its error, and the ids that tie them to the input (aria-describedby).
 */

const HELP = '-hint';
const ERROR = '-error';
export const helpIdOf = (id: string) => id + HELP;
export const errorIdOf = (id: string) => id + ERROR;

export type UiOptions = {
  postfix?: string;
  lowestRatingText?: string;
  highestRatingText?: string;
  accept?: string[];
  multiple?: boolean;
  lazyLoad?: { apiDependencies: string[] };
  editable?: boolean;
  customRegexError?: string;
  options?: { value: string; label: string }[];
  autoComplete?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  /** The id of what <SchemaForm after> shows under the field, for aria-describedby. */
  afterId?: string;
};

export const uiOptionsOf = (ui: UiSchema | undefined): UiOptions => (ui?.['ui:options'] ?? {}) as UiOptions;
export const widgetOf = (ui: UiSchema | undefined): string | undefined => {
  const w = ui?.['ui:widget'];
  return typeof w === 'string' ? w : undefined;
};

/** Whether the field shows the help text: `ui:help` of the uiSchema. */
export const helpOf = (ui: UiSchema | undefined): string | undefined => {
  const h = ui?.['ui:help'];
  return typeof h === 'string' && h ? h : undefined;
};

/** The aria attributes of an input: invalid when it has an error, described by its hint, error and extra text. */
export function ariaOf(p: Pick<WidgetProps, 'id' | 'rawErrors' | 'uiSchema' | 'required' | 'readonly'>) {
  const hasError = (p.rawErrors?.length ?? 0) > 0;
  const extra = uiOptionsOf(p.uiSchema).afterId;
  const describedBy = [helpOf(p.uiSchema) ? helpIdOf(p.id) : '', hasError ? errorIdOf(p.id) : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': p.required && !p.readonly ? true : undefined,
  } as const;
}

export function LabelText({
  label,
  required,
  readonly,
}: {
  label: string;
  required?: boolean | undefined;
  readonly?: boolean | undefined;
}) {
  return (
    <>
      {label}
      {!required && !readonly && (
        <span className="ms-1 text-sm font-normal text-ink-muted">
          <Trans>(optional)</Trans>
        </span>
      )}
    </>
  );
}

export function Help({ id, ui }: { id: string; ui: UiSchema | undefined }) {
  const help = helpOf(ui);
  return help ? (
    <p id={helpIdOf(id)} className="text-sm text-ink-muted">
      {help}
    </p>
  ) : null;
}

export function FieldError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const first = errors?.[0];
  return first ? (
    <p id={errorIdOf(id)} className="text-sm font-medium text-danger">
      {first}
    </p>
  ) : null;
}

/** A group of inputs (radio buttons, check boxes, stars, parts of a location): a fieldset with its legend. */
export function Group({
  id,
  label,
  required,
  readonly,
  ui,
  errors,
  children,
  className,
}: {
  id: string;
  label: string;
  required?: boolean | undefined;
  readonly?: boolean | undefined;
  ui: UiSchema | undefined;
  errors: readonly string[] | undefined;
  children: ReactNode;
  className?: string;
}) {
  const hasError = (errors?.length ?? 0) > 0;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1"
      aria-describedby={[helpOf(ui) ? helpIdOf(id) : '', hasError ? errorIdOf(id) : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className="mb-1 font-medium">
        <LabelText label={label} required={required} readonly={readonly} />
      </legend>
      <Help id={id} ui={ui} />
      <div className={className}>{children}</div>
      <FieldError id={id} errors={errors} />
    </fieldset>
  );
}
