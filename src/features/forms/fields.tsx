import { useLingui } from '@lingui/react/macro';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { latinDigits } from '../../../contract/identity.ts';
import { Field } from '../../components/ui/field.tsx';
import { RawErrors, Group, Help, ariaOf, errorIdOf, hintIdOf, uiOptionsOf } from './field-parts.tsx';
import { parseNumber } from './widgets.tsx';

/*
 * Fields rjsf cannot draw with a widget: the location (an object of governorate, district, address and an
 * optional map point) and a read-only value (a field the person may not edit has no type in the schema).
 */

type Location = { governorate?: string; district?: string; address?: string; lat?: number; lng?: number };
type Part = keyof Location;

export function LocationField(p: FieldProps) {
  const { t } = useLingui();
  const value = (p.formData ?? {}) as Location & Record<string, unknown>;
  const id = p.fieldPathId.$id;
  const schema = p.schema as RJSFSchema;
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const label = String(p.uiSchema?.['ui:title'] ?? schema.title ?? p.name);
  const readonly = p.readonly || p.disabled;
  const errors = (p.errorSchema ?? {}) as Record<string, { __errors?: string[] } | undefined> & { __errors?: string[] };
  const governorates = uiOptionsOf(p.uiSchema).options;

  const set = (part: Part, v: unknown) => {
    const next: Record<string, unknown> = { ...value, [part]: v };
    if (v === undefined || v === '') delete next[part];
    // A district belongs to its governorate: a new governorate clears it.
    if (part === 'governorate' && v !== value.governorate) delete next.district;
    p.onChange(Object.keys(next).length ? next : undefined, p.fieldPathId.path);
  };

  const partId = (part: Part) => `${id}_${part}`;
  const input = (part: Part, text: string, kind: 'text' | 'number' | 'textarea') => {
    if (!props[part]) return null;
    const pid = partId(part);
    const errs = errors[part]?.__errors;
    const a = ariaOf({ id: pid, rawErrors: errs, uiSchema: {}, required: false, readonly });
    const common = {
      id: pid,
      name: `${p.fieldPathId.path.join('.')}.${part}`,
      readOnly: readonly,
      className: readonly ? 'input bg-surface text-ink-muted' : 'input',
      ...a,
    };
    const raw = value[part];
    const shown = raw === undefined ? '' : String(raw);
    return (
      <Field
        id={pid}
        label={text}
        optional={!(schema.required ?? []).includes(part) && !readonly}
        error={errs?.[0]}
        announce={false}
        className={kind === 'textarea' ? 'flex flex-col gap-1 sm:col-span-2' : 'flex flex-col gap-1'}
      >
        {() =>
          kind === 'textarea' ? (
            <textarea {...common} rows={3} dir="auto" value={shown} onChange={(e) => set(part, e.target.value || undefined)} />
          ) : kind === 'number' ? (
            <input
              {...common}
              type="text"
              inputMode="decimal"
              dir="ltr"
              defaultValue={shown}
              onChange={(e) => {
                const typed = latinDigits(e.target.value);
                set(part, typed.trim() === '' ? undefined : (parseNumber(typed) ?? typed));
              }}
            />
          ) : (
            <input {...common} type="text" dir="auto" value={shown} onChange={(e) => set(part, e.target.value || undefined)} />
          )
        }
      </Field>
    );
  };

  return (
    <Group
      id={id}
      label={label}
      required={p.required}
      readonly={readonly}
      ui={p.uiSchema}
      errors={errors.__errors}
      className="grid gap-3 sm:grid-cols-2"
    >
      {props.governorate &&
        (governorates?.length ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={partId('governorate')} className="font-medium">
              {t`Governorate`}
            </label>
            <select
              id={partId('governorate')}
              name={`${p.fieldPathId.path.join('.')}.governorate`}
              className="input"
              value={value.governorate ?? ''}
              disabled={readonly}
              onChange={(e) => set('governorate', e.target.value || undefined)}
              {...ariaOf({ id: partId('governorate'), rawErrors: errors.governorate?.__errors, uiSchema: {}, readonly })}
            >
              <option value="">{t`Choose…`}</option>
              {governorates.map((g) => (
                <option key={g.value} value={g.value}>
                  {g.label}
                </option>
              ))}
            </select>
            <RawErrors id={partId('governorate')} errors={errors.governorate?.__errors} />
          </div>
        ) : (
          input('governorate', t`Governorate`, 'text')
        ))}
      {input('district', t`District`, 'text')}
      {input('address', t`Address`, 'textarea')}
      {(props.lat || props.lng) && (
        <p className="text-sm text-ink-muted sm:col-span-2">{t`Map point (optional): latitude and longitude, e.g. 30.0444 and 31.2357.`}</p>
      )}
      {input('lat', t`Latitude`, 'number')}
      {input('lng', t`Longitude`, 'number')}
    </Group>
  );
}

/** A value the person sees but may not change (the schema gives it no type: it is not checked). */
export function ReadOnlyField(p: FieldProps) {
  const id = p.fieldPathId.$id;
  const v = p.formData;
  const options = uiOptionsOf(p.uiSchema).options;
  const shown =
    v === undefined || v === null
      ? ''
      : Array.isArray(v)
        ? v.map(String).join('، ')
        : typeof v === 'object'
          ? ''
          : (options?.find((o) => o.value === String(v))?.label ?? String(v as string | number | boolean));
  return (
    <input
      id={id}
      name={p.fieldPathId.path.join('.')}
      readOnly
      dir={uiOptionsOf(p.uiSchema).dir ?? 'auto'}
      className="input bg-surface text-ink-muted"
      value={shown}
      aria-describedby={
        [p.uiSchema?.['ui:help'] ? hintIdOf(id) : '', p.rawErrors?.length ? errorIdOf(id) : ''].filter(Boolean).join(' ') ||
        undefined
      }
    />
  );
}

export { Help };
