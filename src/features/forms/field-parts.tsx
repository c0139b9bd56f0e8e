import type { UiSchema, WidgetProps } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { FieldError, FieldHint, LabelText as KitLabelText, errorIdOf, fieldAria, hintIdOf } from '../../components/ui/field.tsx';
import { latinDigits } from '../../../contract/identity.ts';

/*
 * The form engine's fields are drawn with the kit's field parts (src/components/ui/field.tsx, decision 044): its
 * label (with "(optional)"), its hint (the field's tooltip, `ui:help`), its error, and the ids that tie them to the
 * input (aria-describedby). These adapters read them from rjsf's props.
 */

export { errorIdOf, hintIdOf };

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
  const { id: _id, ...aria } = fieldAria(p.id, {
    hint: Boolean(helpOf(p.uiSchema)),
    error: (p.rawErrors?.length ?? 0) > 0,
    required: p.required && !p.readonly,
    describedBy: uiOptionsOf(p.uiSchema).afterId,
  });
  return aria;
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
  return <KitLabelText label={label} optional={!required && !readonly} />;
}

export function Help({ id, ui }: { id: string; ui: UiSchema | undefined }) {
  return <FieldHint id={id}>{helpOf(ui)}</FieldHint>;
}

/** A field's first error; the form's error summary announces it. */
export function RawErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  return (
    <FieldError id={id} announce={false}>
      {errors?.[0]}
    </FieldError>
  );
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
      aria-describedby={fieldAria(id, { hint: Boolean(helpOf(ui)), error: hasError })['aria-describedby']}
    >
      <legend className="mb-1 font-medium">
        <LabelText label={label} required={required} readonly={readonly} />
      </legend>
      <Help id={id} ui={ui} />
      <div className={className}>{children}</div>
      <RawErrors id={id} errors={errors} />
    </fieldset>
  );
}

/** A number as typed: Arabic-Indic or Latin digits, the Arabic or Latin decimal separator; otherwise undefined. */
export function parseNumber(s: string): number | undefined {
  const t = latinDigits(s.trim())
    .replace('٫', '.')
    .replace(/[٬,\s]/g, '');
  if (!/^[-+]?\d+(\.\d+)?$/.test(t)) return undefined;
  return Number(t);
}
