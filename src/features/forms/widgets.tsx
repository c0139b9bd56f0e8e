import { Trans, useLingui } from '@lingui/react/macro';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useEffect, useState, type ChangeEvent } from 'react';
import { latinDigits } from '../../../contract/identity.ts';
import { localDigits } from '../../lib/locale.ts';
import type { TLang } from '../../../contract/common.ts';
import { Group, ariaOf, parseNumber, uiOptionsOf } from './field-parts.tsx';

export { parseNumber };
import { LazySelectWidget } from './lazy-select.tsx';
import { FileWidget } from './file-widget.tsx';

/*
 * Our widgets (no Bootstrap classes; Tailwind logical properties; native controls, which are the most accessible
 * and the smallest on a phone). Each takes the field's value and gives back what the JSON Schema wants:
 * strings for texts (undefined when empty), numbers for numbers, booleans for check boxes.
 */

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  username: 'username',
  email: 'email',
  mobile: 'tel-national',
  phone: 'tel-national',
  homeAddress: 'street-address',
  nationality: 'country-name',
  job: 'organization-title',
  password: 'new-password',
  confirmPassword: 'new-password',
  newPassword: 'new-password',
  oldPassword: 'current-password',
};

/** The key of a field (the last part of its path), from its rjsf id. */
const keyOf = (p: WidgetProps) => {
  const name = p.name ?? '';
  return name;
};

/** Digits typed in Arabic-Indic become Latin ones in data fields (decision 015: data keeps its own digits). */
const DIGIT_DATA = new Set(['phone', 'nationalId', 'meter']);

type TextKind = { type: string; dir: 'ltr' | 'auto'; inputMode?: 'email' | 'tel' | 'numeric' | 'decimal' | 'text' };
const TEXT_KINDS: Record<string, TextKind> = {
  text: { type: 'text', dir: 'auto' },
  email: { type: 'email', dir: 'ltr', inputMode: 'email' },
  phone: { type: 'tel', dir: 'ltr', inputMode: 'tel' },
  nationalId: { type: 'text', dir: 'ltr', inputMode: 'numeric' },
  meter: { type: 'text', dir: 'ltr', inputMode: 'numeric' },
  date: { type: 'date', dir: 'ltr' },
};

function Postfix({ text, children }: { text: string | undefined; children: React.ReactNode }) {
  if (!text) return <>{children}</>;
  return (
    <div className="flex items-center gap-2">
      <div className="min-w-0 flex-1">{children}</div>
      <span className="shrink-0 text-ink-muted">{text}</span>
    </div>
  );
}

function makeTextWidget(kind: string) {
  const spec = TEXT_KINDS[kind] ?? TEXT_KINDS.text!;
  function TextLike(p: WidgetProps) {
    const o = uiOptionsOf(p.uiSchema);
    const key = keyOf(p);
    const value = typeof p.value === 'string' || typeof p.value === 'number' ? String(p.value) : '';
    const dates = p.uiSchema?.['ui:options'] as { minDate?: string; maxDate?: string } | undefined;
    const onChange = (e: ChangeEvent<HTMLInputElement>) => {
      const raw = DIGIT_DATA.has(kind) ? latinDigits(e.target.value) : e.target.value;
      p.onChange(raw === '' ? p.options.emptyValue : raw);
    };
    return (
      <Postfix text={o.postfix}>
        <input
          id={p.id}
          name={p.htmlName ?? p.id}
          type={spec.type}
          inputMode={spec.inputMode}
          dir={o.dir ?? spec.dir}
          className={p.readonly ? 'input bg-surface text-ink-muted' : 'input'}
          value={value}
          placeholder={p.placeholder || undefined}
          readOnly={p.readonly}
          disabled={p.disabled}
          autoComplete={o.autoComplete ?? AUTOCOMPLETE[key] ?? (kind === 'nationalId' ? 'off' : undefined)}
          spellCheck={kind === 'text' ? undefined : false}
          min={kind === 'date' ? dates?.minDate : undefined}
          max={kind === 'date' ? dates?.maxDate : undefined}
          onChange={onChange}
          onBlur={(e) => p.onBlur(p.id, e.target.value)}
          onFocus={(e) => p.onFocus(p.id, e.target.value)}
          {...ariaOf(p)}
        />
      </Postfix>
    );
  }
  TextLike.displayName = kind;
  return TextLike;
}

function PasswordWidget(p: WidgetProps) {
  const [reveal, setReveal] = useState(false);
  const o = uiOptionsOf(p.uiSchema);
  const value = typeof p.value === 'string' ? p.value : '';
  return (
    <div className="flex gap-2">
      <div className="flex-1">
        <input
          id={p.id}
          name={p.htmlName ?? p.id}
          type={reveal ? 'text' : 'password'}
          dir="ltr"
          className="input"
          value={value}
          placeholder={p.placeholder || undefined}
          autoComplete={o.autoComplete ?? AUTOCOMPLETE[keyOf(p)] ?? 'new-password'}
          spellCheck={false}
          disabled={p.disabled}
          readOnly={p.readonly}
          onChange={(e) => p.onChange(e.target.value === '' ? p.options.emptyValue : e.target.value)}
          onBlur={(e) => p.onBlur(p.id, e.target.value)}
          onFocus={(e) => p.onFocus(p.id, e.target.value)}
          {...ariaOf(p)}
        />
      </div>
      <button
        type="button"
        className="btn-outline shrink-0"
        aria-pressed={reveal}
        aria-controls={p.id}
        onClick={() => setReveal((r) => !r)}
      >
        <Trans>Show</Trans>
        <span className="sr-only">{p.label}</span>
      </button>
    </div>
  );
}

function TextareaWidget(p: WidgetProps) {
  const o = uiOptionsOf(p.uiSchema);
  const value = typeof p.value === 'string' ? p.value : '';
  return (
    <textarea
      id={p.id}
      name={p.htmlName ?? p.id}
      rows={4}
      dir={o.dir ?? 'auto'}
      className={p.readonly ? 'input bg-surface py-2 text-ink-muted' : 'input py-2'}
      value={value}
      placeholder={p.placeholder || undefined}
      autoComplete={o.autoComplete ?? AUTOCOMPLETE[keyOf(p)]}
      readOnly={p.readonly}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value === '' ? p.options.emptyValue : e.target.value)}
      onBlur={(e) => p.onBlur(p.id, e.target.value)}
      onFocus={(e) => p.onFocus(p.id, e.target.value)}
      {...ariaOf(p)}
    />
  );
}

/**
 * A number field: the person types digits of either set; the form keeps a number. What is not a number yet is
 * kept as typed (a text), so validation says "Enter a number" and nothing typed is lost.
 */
function NumberWidget(p: WidgetProps) {
  const o = uiOptionsOf(p.uiSchema);
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const fromValue = (v: unknown) => (typeof v === 'number' ? localDigits(lang, v) : typeof v === 'string' ? v : '');
  const [text, setText] = useState(() => fromValue(p.value));
  // A value set from outside (a draft, a reset) replaces what is shown; the person's own typing does not loop back.
  useEffect(() => {
    setText((current) => {
      const shown = parseNumber(current);
      if (typeof p.value === 'number' && shown === p.value) return current;
      if (p.value === undefined && current.trim() === '') return current;
      if (typeof p.value === 'string' && p.value === current) return current;
      return fromValue(p.value);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.value]);
  return (
    <Postfix text={o.postfix}>
      <input
        id={p.id}
        name={p.htmlName ?? p.id}
        type="text"
        inputMode="decimal"
        dir="ltr"
        className={p.readonly ? 'input bg-surface text-ink-muted' : 'input'}
        value={text}
        placeholder={p.placeholder || undefined}
        readOnly={p.readonly}
        disabled={p.disabled}
        autoComplete="off"
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          const n = parseNumber(typed);
          p.onChange(typed.trim() === '' ? p.options.emptyValue : (n ?? typed));
        }}
        onBlur={() => p.onBlur(p.id, p.value)}
        onFocus={() => p.onFocus(p.id, p.value)}
        {...ariaOf(p)}
      />
    </Postfix>
  );
}

type Option = { value: string; label: string };
/** The options of a choice field: the uiSchema's `options`, else rjsf's (from `enum` / `oneOf` with `const`). */
export function optionsOf(p: WidgetProps): Option[] {
  const own = uiOptionsOf(p.uiSchema).options;
  if (own?.length) return own;
  return (p.options.enumOptions ?? []).map((e) => ({ value: String(e.value), label: e.label }));
}

function SelectWidget(p: WidgetProps) {
  const { t } = useLingui();
  const o = uiOptionsOf(p.uiSchema);
  if (o.lazyLoad) return <LazySelectWidget {...p} />;
  if (p.multiple || Array.isArray(p.value)) return <CheckboxesWidget {...p} />;
  const options = optionsOf(p);
  const value = p.value === undefined || p.value === null ? '' : String(p.value);
  if (p.readonly) {
    return (
      <input
        id={p.id}
        readOnly
        className="input bg-surface text-ink-muted"
        value={options.find((x) => x.value === value)?.label ?? value}
        {...ariaOf(p)}
      />
    );
  }
  return (
    <select
      id={p.id}
      name={p.htmlName ?? p.id}
      className="input"
      value={value}
      disabled={p.disabled}
      onChange={(e) => p.onChange(e.target.value === '' ? p.options.emptyValue : e.target.value)}
      onBlur={(e) => p.onBlur(p.id, e.target.value)}
      onFocus={(e) => p.onFocus(p.id, e.target.value)}
      {...ariaOf(p)}
    >
      <option value="">{p.placeholder || t`Choose…`}</option>
      {options.map((x) => (
        <option key={x.value} value={x.value}>
          {x.label}
        </option>
      ))}
    </select>
  );
}

/** A list of options in a fieldset, one input each: check boxes (several values) or radio buttons (one). */
function ChoiceGroup({
  p,
  type,
  isChecked,
  onPick,
}: {
  p: WidgetProps;
  type: 'checkbox' | 'radio';
  isChecked: (value: string) => boolean;
  onPick: (value: string, checked: boolean) => void;
}) {
  const invalid = (p.rawErrors?.length ?? 0) > 0;
  return (
    <Group
      id={p.id}
      label={p.label}
      required={p.required}
      readonly={p.readonly}
      ui={p.uiSchema}
      errors={p.rawErrors}
      className="flex flex-wrap gap-x-6"
    >
      {optionsOf(p).map((x, i) => (
        <label key={x.value} className="flex min-h-11 items-center gap-2">
          <input
            id={i === 0 ? p.id : `${p.id}-${i}`}
            name={p.htmlName ?? p.id}
            type={type}
            className="size-5"
            value={x.value}
            disabled={p.disabled || p.readonly}
            aria-invalid={invalid || undefined}
            checked={isChecked(x.value)}
            onChange={(e) => onPick(x.value, e.target.checked)}
          />
          {x.label}
        </label>
      ))}
    </Group>
  );
}

/** Several values out of a list: check boxes in a fieldset. */
function CheckboxesWidget(p: WidgetProps) {
  const selected: string[] = Array.isArray(p.value) ? (p.value as unknown[]).map(String) : [];
  return (
    <ChoiceGroup
      p={p}
      type="checkbox"
      isChecked={(v) => selected.includes(v)}
      onPick={(v, checked) => {
        const next = checked ? [...selected, v] : selected.filter((s) => s !== v);
        p.onChange(next.length ? next : p.options.emptyValue);
      }}
    />
  );
}

/** One value out of a list: radio buttons in a fieldset. */
function RadioWidget(p: WidgetProps) {
  const value = p.value === undefined || p.value === null ? '' : String(p.value);
  return <ChoiceGroup p={p} type="radio" isChecked={(v) => value === v} onPick={(v) => p.onChange(v)} />;
}

function CheckboxWidget(p: WidgetProps) {
  // A check-box field with options is a choice: several (an array) or one.
  if (p.schema.type === 'array' || p.multiple) return <CheckboxesWidget {...p} />;
  if (p.schema.type !== 'boolean' && optionsOf(p).length > 0) return <RadioWidget {...p} />;
  const a = ariaOf(p);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 items-center gap-3">
        <input
          id={p.id}
          name={p.htmlName ?? p.id}
          type="checkbox"
          className="size-5 shrink-0"
          checked={p.value === true}
          disabled={p.disabled || p.readonly}
          onChange={(e) => p.onChange(e.target.checked)}
          {...a}
        />
        <span className="font-medium">{p.label}</span>
      </label>
    </div>
  );
}

/** A rating: stars from 1 to the maximum (5 unless the schema says), with the lowest and highest texts at the ends. */
function RatingWidget(p: WidgetProps) {
  const { t } = useLingui();
  const o = uiOptionsOf(p.uiSchema);
  const schema = p.schema as RJSFSchema;
  const lowest = typeof schema.minimum === 'number' ? schema.minimum : 1;
  const highest = typeof schema.maximum === 'number' ? schema.maximum : 5;
  const steps = Array.from({ length: Math.max(0, highest - lowest + 1) }, (_, i) => lowest + i);
  const value = typeof p.value === 'number' ? p.value : undefined;
  const invalid = (p.rawErrors?.length ?? 0) > 0;
  return (
    <Group
      id={p.id}
      label={p.label}
      required={p.required}
      readonly={p.readonly}
      ui={p.uiSchema}
      errors={p.rawErrors}
      className="flex flex-wrap items-center gap-2"
    >
      {o.lowestRatingText && <span className="text-sm text-ink-muted">{o.lowestRatingText}</span>}
      <span className="flex gap-1">
        {steps.map((n, i) => {
          const on = value !== undefined && n <= value;
          const count = n;
          const top = highest;
          return (
            <label key={n} className="relative inline-flex size-11 cursor-pointer items-center justify-center">
              <input
                id={i === 0 ? p.id : `${p.id}-${i}`}
                name={p.htmlName ?? p.id}
                type="radio"
                className="peer absolute inset-0 opacity-0"
                value={n}
                checked={value === n}
                disabled={p.disabled || p.readonly}
                aria-invalid={invalid || undefined}
                onChange={() => p.onChange(n)}
              />
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className={`size-8 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${on ? 'fill-warning-ink text-warning-ink' : 'fill-none text-ink-muted'}`}
                stroke="currentColor"
                strokeWidth="1.5"
              >
                <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
              </svg>
              <span className="sr-only">{t`${count} of ${top}`}</span>
            </label>
          );
        })}
      </span>
      {o.highestRatingText && <span className="text-sm text-ink-muted">{o.highestRatingText}</span>}
    </Group>
  );
}

export const WIDGETS = {
  text: makeTextWidget('text'),
  TextWidget: makeTextWidget('text'),
  email: makeTextWidget('email'),
  EmailWidget: makeTextWidget('email'),
  phone: makeTextWidget('phone'),
  nationalId: makeTextWidget('nationalId'),
  meter: makeTextWidget('meter'),
  date: makeTextWidget('date'),
  DateWidget: makeTextWidget('date'),
  password: PasswordWidget,
  PasswordWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  number: NumberWidget,
  UpDownWidget: NumberWidget,
  select: SelectWidget,
  SelectWidget,
  radio: RadioWidget,
  RadioWidget,
  checkbox: CheckboxWidget,
  CheckboxWidget,
  checkboxes: CheckboxesWidget,
  CheckboxesWidget,
  rating: RatingWidget,
  file: FileWidget,
  image: FileWidget,
  FileWidget,
};

/** Widgets that draw their own fieldset, legend, hint and error (the field template then draws none). */
export const GROUP_WIDGETS = new Set(['radio', 'checkboxes', 'rating', 'file', 'image']);
