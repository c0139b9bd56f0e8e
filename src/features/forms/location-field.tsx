import { useLingui } from '@lingui/react/macro';
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { lazy, Suspense, useState } from 'react';
import { latinDigits } from '../../../contract/identity.ts';
import { Field } from '../../components/ui/field.tsx';
import { RawErrors, Group, ariaOf, parseNumber, uiOptionsOf } from './field-parts.tsx';
import { useMapTiles } from './map-tiles.ts';

/** Leaflet and its styles: a chunk of their own, loaded when someone opens the map (decision 052). */
const MapPicker = lazy(() => import('./map-picker.tsx'));
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/*
 * The location field (an object of governorate, district, address and an optional map point): typed parts, "Use
 * my location" (the device's position) and, where the portal has map tiles, a map to tap (decision 052).
 */

type Location = { governorate?: string; district?: string; address?: string; lat?: number; lng?: number };
type Part = keyof Location;

export default function LocationField(p: FieldProps) {
  const { t } = useLingui();
  const value = (p.formData ?? {}) as Location & Record<string, unknown>;
  const id = p.fieldPathId.$id;
  const schema = p.schema as RJSFSchema;
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const label = String(p.uiSchema?.['ui:title'] ?? schema.title ?? p.name);
  const readonly = p.readonly || p.disabled;
  const errors = (p.errorSchema ?? {}) as Record<string, { __errors?: string[] } | undefined> & { __errors?: string[] };
  const governorates = uiOptionsOf(p.uiSchema).options;
  const tiles = useMapTiles();
  const [mapOpen, setMapOpen] = useState(false);
  // The point's inputs keep what is typed as typed ("30."): a point set by the device or the map redraws them.
  const [pointSet, setPointSet] = useState(0);
  const [locating, setLocating] = useState<'busy' | 'denied' | 'failed' | undefined>();

  const set = (part: Part, v: unknown) => {
    const next: Record<string, unknown> = { ...value, [part]: v };
    if (v === undefined || v === '') delete next[part];
    // A district belongs to its governorate: a new governorate clears it.
    if (part === 'governorate' && v !== value.governorate) delete next.district;
    p.onChange(Object.keys(next).length ? next : undefined, p.fieldPathId.path);
  };

  const setPoint = (lat: number, lng: number) => {
    p.onChange({ ...value, lat, lng }, p.fieldPathId.path);
    setPointSet((n) => n + 1);
  };
  const locate = () => {
    if (!('geolocation' in navigator)) return setLocating('failed');
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(undefined);
        setPoint(round(pos.coords.latitude), round(pos.coords.longitude));
      },
      (err) => setLocating(err.code === err.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  const lat = typeof value.lat === 'number' ? value.lat : undefined;
  const lng = typeof value.lng === 'number' ? value.lng : undefined;

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
              key={pointSet}
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
        <div className="flex flex-col gap-2 sm:col-span-2">
          <p className="text-sm text-ink-muted">{t`Map point (optional): latitude and longitude, e.g. 30.0444 and 31.2357.`}</p>
          {!readonly && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-outline" onClick={locate} disabled={locating === 'busy'}>
                {locating === 'busy' ? t`Finding your location…` : t`Use my location`}
              </button>
              {tiles && (
                <button
                  type="button"
                  className="btn-outline"
                  aria-expanded={mapOpen}
                  aria-controls={`${id}_map`}
                  onClick={() => setMapOpen((o) => !o)}
                >
                  {mapOpen ? t`Hide the map` : t`Choose on the map`}
                </button>
              )}
            </div>
          )}
          <p role="status" className="text-sm">
            {locating === 'denied'
              ? t`Your device did not share its location. Allow it in the browser, or type the latitude and longitude.`
              : locating === 'failed'
                ? t`Your location could not be found. Try again, or type the latitude and longitude.`
                : lat !== undefined && lng !== undefined && pointSet > 0
                  ? t`The point is set. You can correct it below.`
                  : ''}
          </p>
          {tiles && !readonly && (
            <div id={`${id}_map`}>
              {mapOpen && (
                <Suspense fallback={<div className="h-64 w-full animate-pulse rounded-lg bg-line/60" aria-busy="true" />}>
                  <MapPicker tiles={tiles} lat={lat} lng={lng} onPick={setPoint} />
                </Suspense>
              )}
            </div>
          )}
        </div>
      )}
      {input('lat', t`Latitude`, 'number')}
      {input('lng', t`Longitude`, 'number')}
    </Group>
  );
}
