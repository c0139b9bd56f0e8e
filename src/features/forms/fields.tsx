import type { FieldProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { Help, errorIdOf, hintIdOf, uiOptionsOf } from './field-parts.tsx';

/*
 * Fields rjsf cannot draw with a widget: the location (an object of governorate, district, address and an
 * optional map point) and a read-only value (a field the person may not edit has no type in the schema).
 */

/** The location field, its point and map buttons: a chunk of their own, loaded by forms that have one. */
const Location = lazy(() => import('./location-field.tsx'));

export function LocationField(p: FieldProps) {
  return (
    <Suspense fallback={<div className="h-40 w-full animate-pulse rounded-lg bg-line/60" aria-busy="true" />}>
      <Location {...p} />
    </Suspense>
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
