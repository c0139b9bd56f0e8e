import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { TFieldSchema } from '../../../contract/catalog.ts';
import type { TLang } from '../../../contract/common.ts';
import { fieldErrorMessage } from '../../lib/field-messages.ts';
import { isRequired, isVisible, type FieldIssue, type FieldValue } from './rules.ts';
import { focusField, summaryIdOf, type SchemaForm } from './use-schema-form.ts';

/*
 * The form engine's view: one visible label per field, its hint, the input chosen by the field type, and the
 * error next to it (aria-invalid, aria-describedby). Types it does not draw yet (file, image, rating, meter,
 * location, list) render nothing: they come with the service forms.
 */

export type FieldExtras = {
  autoComplete?: string;
  /** Shown under the input (e.g. the password rule checklist); referenced by aria-describedby through its id. */
  after?: ReactNode;
  afterId?: string;
  label?: string;
  hint?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  readOnly?: boolean;
};

type Props = {
  form: SchemaForm;
  /** Which fields, in which order (default: all, in the schema's order). */
  fields?: readonly string[];
  extras?: Partial<Record<string, FieldExtras>>;
};

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

export function SchemaFields({ form, fields, extras = {} }: Props) {
  const ids = fields ?? form.fieldIds;
  return (
    <>
      {ids.map((id) => {
        const field = form.schema[id];
        if (!field || !isVisible(field, form.values)) return null;
        return <SchemaField key={id} id={id} field={field} form={form} extras={extras[id] ?? {}} />;
      })}
    </>
  );
}

function SchemaField({ id, field, form, extras }: { id: string; field: TFieldSchema; form: SchemaForm; extras: FieldExtras }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const [reveal, setReveal] = useState(false);
  const domId = form.fieldDomId(id);
  const label = extras.label ?? field.label[lang];
  const hint = extras.hint ?? field.tooltip?.[lang];
  const issue = form.errors[id];
  const error = issue ? fieldErrorMessage(i18n, issue, { label, lang, fieldId: id }) : undefined;
  const hintId = `${domId}-hint`;
  const errorId = `${domId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : '', extras.afterId ?? ''].filter(Boolean).join(' ') || undefined;
  const value = form.values[id];
  const text = typeof value === 'string' ? value : '';
  const required = isRequired(field, form.values);
  const readOnly = extras.readOnly || field.editable === false;
  const placeholder = field.placeholder?.[lang] ?? field.uniforms?.placeholder;
  const common = {
    id: domId,
    name: id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required && !readOnly ? true : undefined,
  } as const;
  const set = (v: FieldValue) => form.setValue(id, v);
  const options = field.uniforms?.options ?? [];

  const labelText = (
    <>
      {label}
      {!required && !readOnly && (
        <span className="ms-1 text-sm font-normal text-ink-muted">
          <Trans>(optional)</Trans>
        </span>
      )}
    </>
  );
  const hintEl = hint ? (
    <p id={hintId} className="text-sm text-ink-muted">
      {hint}
    </p>
  ) : null;
  const errorEl = error ? (
    <p id={errorId} className="text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;

  if (field.type === 'checkbox') {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex min-h-11 items-center gap-3">
          <input
            {...common}
            type="checkbox"
            className="size-5"
            checked={value === true}
            disabled={readOnly}
            onChange={(e) => set(e.target.checked)}
          />
          <span className="font-medium">{labelText}</span>
        </label>
        {hintEl}
        {errorEl}
      </div>
    );
  }

  if ((field.type === 'radio' || (field.type === 'select' && field.multiple)) && !readOnly) {
    const multi = field.multiple === true;
    const selected = Array.isArray(value) ? value : [text];
    return (
      <fieldset className="flex flex-col gap-1" aria-describedby={describedBy}>
        <legend className="font-medium">{labelText}</legend>
        {hintEl}
        <div className="flex flex-wrap gap-x-6">
          {options.map((o, i) => (
            <label key={o.value} className="flex min-h-11 items-center gap-2">
              <input
                id={i === 0 ? domId : `${domId}-${i}`}
                name={id}
                type={multi ? 'checkbox' : 'radio'}
                className="size-5"
                value={o.value}
                aria-invalid={error ? true : undefined}
                checked={selected.includes(o.value)}
                onChange={(e) =>
                  multi ? set(e.target.checked ? [...selected, o.value] : selected.filter((s) => s !== o.value)) : set(o.value)
                }
              />
              {o.label[lang]}
            </label>
          ))}
        </div>
        {errorEl}
      </fieldset>
    );
  }

  let control: ReactNode;
  if (readOnly) {
    const shown = field.type === 'select' ? (options.find((o) => o.value === text)?.label[lang] ?? text) : text;
    control = (
      <input
        {...common}
        readOnly
        dir={extras.dir ?? 'auto'}
        className="input bg-surface text-ink-muted"
        value={Array.isArray(value) ? value.join(', ') : shown}
      />
    );
  } else if (field.type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={4}
        dir={extras.dir ?? 'auto'}
        className="input py-2"
        placeholder={placeholder}
        autoComplete={extras.autoComplete}
        value={text}
        onChange={(e) => set(e.target.value)}
      />
    );
  } else if (field.type === 'select') {
    control = (
      <select {...common} className="input" value={text} onChange={(e) => set(e.target.value)}>
        <option value="">{t`Choose…`}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label[lang]}
          </option>
        ))}
      </select>
    );
  } else {
    const byType = {
      text: { type: 'text', dir: 'auto' },
      email: { type: 'email', inputMode: 'email', dir: 'ltr' },
      phone: { type: 'tel', inputMode: 'tel', dir: 'ltr' },
      nationalId: { type: 'text', inputMode: 'numeric', dir: 'ltr' },
      number: { type: 'text', inputMode: 'decimal', dir: 'ltr' },
      password: { type: reveal ? 'text' : 'password', dir: 'ltr' },
      date: { type: 'date', dir: 'ltr' },
    } as const;
    const kind = byType[field.type as keyof typeof byType];
    if (!kind) return null;
    const input = (
      <input
        {...common}
        type={kind.type}
        inputMode={'inputMode' in kind ? kind.inputMode : undefined}
        dir={extras.dir ?? kind.dir}
        className="input"
        placeholder={placeholder}
        autoComplete={extras.autoComplete ?? AUTOCOMPLETE[id] ?? (field.type === 'nationalId' ? 'off' : undefined)}
        spellCheck={field.type === 'text' ? undefined : false}
        value={text}
        onChange={(e) => set(e.target.value)}
      />
    );
    control =
      field.type === 'password' ? (
        <div className="flex gap-2">
          <div className="flex-1">{input}</div>
          <button
            type="button"
            className="btn-outline shrink-0"
            aria-pressed={reveal}
            aria-controls={domId}
            onClick={() => setReveal((r) => !r)}
          >
            <Trans>Show</Trans>
            <span className="sr-only">{label}</span>
          </button>
        </div>
      ) : (
        input
      );
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={domId} className="font-medium">
        {labelText}
      </label>
      {hintEl}
      {control}
      {errorEl}
      {extras.after}
    </div>
  );
}

/**
 * The error summary of a failed submit (quality.md: errors announced): each field error links to its field;
 * a server error about the whole form is shown by `describe` (default: the error catalogue).
 */
export function ErrorSummary({
  form,
  describe,
  labels = {},
}: {
  form: SchemaForm;
  describe: (err: unknown) => string[];
  labels?: Partial<Record<string, string>>;
}) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const labelOf = (id: string) => labels[id] ?? form.schema[id]?.label[lang] ?? id;
  const fieldItems = form.fieldIds
    .map((id) => [id, form.errors[id]] as const)
    .filter((e): e is readonly [string, FieldIssue] => e[1] !== undefined);
  const general = form.formError !== undefined ? describe(form.formError) : [];
  const other = form.otherIssues.map((issue) => fieldErrorMessage(i18n, issue, { label: '', lang }));
  const show = form.failed && (fieldItems.length > 0 || general.length > 0 || other.length > 0);
  return (
    <div id={summaryIdOf(form.idPrefix)} tabIndex={-1} className="focus:outline-none">
      {show && (
        <div role="alert" className="rounded-xl bg-error-bg p-4 text-error-ink">
          <p className="font-semibold">
            <Trans>Please correct the following:</Trans>
          </p>
          <ul className="list-disc ps-6">
            {[...new Set([...general, ...other])].map((m) => (
              <li key={m}>{m}</li>
            ))}
            {fieldItems.map(([id, issue]) => {
              const label = labelOf(id);
              const message = fieldErrorMessage(i18n, issue, { label, lang, fieldId: id });
              return (
                <li key={id}>
                  <a
                    href={`#${form.fieldDomId(id)}`}
                    className="inline-flex min-h-6 underline"
                    onClick={(e) => {
                      e.preventDefault();
                      focusField(form.fieldDomId(id), 0);
                    }}
                  >
                    {label}: {message}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
