import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { ZMeterBody, type TMeter, type TMeterBody } from '../../../../contract/meters.ts';
import { compileMeterForm } from '../../../../contract/meters-form.ts';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { contractIssues, textOf } from '../../forms/values.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import { useReference, useSaveMeter } from '../api.ts';

const OPTIONAL_TEXTS = [
  'name',
  'maker',
  'ownerFirstName',
  'area',
  'governorateId',
  'serviceCenterId',
  'contractType',
  'subscriberCode',
  'chassisNumber',
  'activityDescription',
  'placeDescription',
  'applicantDescription',
] as const;

const numberOf = (v: FormValues, id: string): number | undefined => {
  const x = v[id];
  if (typeof x === 'number') return x;
  if (typeof x === 'string' && x.trim() !== '') return Number(x);
  return undefined;
};

/** The form's values as the contract takes them: texts trimmed, empty optional fields left out. */
export function toMeterBody(v: FormValues): TMeterBody {
  const body: Record<string, unknown> = {
    number: textOf(v, 'number'),
    type: textOf(v, 'type'),
    ownerName: textOf(v, 'ownerName'),
    ownerNationalId: textOf(v, 'ownerNationalId'),
    address: textOf(v, 'address'),
    connectionType: textOf(v, 'connectionType'),
    initialReading: numberOf(v, 'initialReading') ?? Number.NaN,
  };
  for (const k of OPTIONAL_TEXTS) if (textOf(v, k)) body[k] = textOf(v, k);
  const digits = numberOf(v, 'digits');
  if (digits !== undefined) body.digits = digits;
  return body as TMeterBody;
}

/** A meter's stored values as the form's starting values. */
function valuesOf(m: TMeter | undefined): FormValues {
  if (!m) return { type: 'single_phase', connectionType: 'residential' };
  const out: FormValues = {};
  for (const [k, v] of Object.entries(m)) if (v !== null && typeof v !== 'object') out[k] = v;
  return out;
}

/**
 * Adding or editing a meter (spec section 3 "Meter"): every field, drawn by the one form engine from the contract's
 * field schema (contract/meters-form.ts) and checked with the contract's own rules, which the server applies again.
 */
export function MeterForm({ meter, onDone }: { meter?: TMeter | undefined; onDone: (m: TMeter) => void }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const save = useSaveMeter();
  const centers = useReference();
  const form = useMemo(() => {
    const compiled = compileMeterForm(lang);
    const ui = compiled.uiSchema as Record<string, Record<string, unknown>>;
    for (const k of ['number', 'ownerNationalId', 'subscriberCode', 'chassisNumber'])
      ui[k] = { ...ui[k], 'ui:options': { ...(ui[k]?.['ui:options'] as object), dir: 'ltr', autoComplete: 'off' } };
    return compiled;
  }, [lang]);
  const loadOptions = useCallback(
    (fieldId: string, deps: Record<string, unknown>) => {
      const data = centers.data;
      if (!data) return Promise.resolve([]);
      if (fieldId === 'governorateId')
        return Promise.resolve(data.governorates.map((g) => ({ value: g.id, label: g.name[lang] })));
      const gov = typeof deps.governorateId === 'string' ? deps.governorateId : undefined;
      return Promise.resolve(
        data.serviceCenters.filter((c) => !gov || c.governorateId === gov).map((c) => ({ value: c.id, label: c.name[lang] })),
      );
    },
    [centers.data, lang],
  );
  const [initial] = useMemo(() => [valuesOf(meter)], [meter]);

  return (
    <SchemaForm
      schema={form.schema}
      uiSchema={form.uiSchema}
      validator={plainFormValidator}
      formData={initial}
      loadOptions={loadOptions}
      check={(v) => contractIssues(ZMeterBody.safeParse(toMeterBody(v)))}
      onSubmit={(v) =>
        save.mutate({ id: meter?.id, version: meter?.version, body: toMeterBody(v) }, { onSuccess: (m) => onDone(m) })
      }
      serverError={save.error ?? undefined}
      describeError={(e) => errorMessages(i18n, e as Parameters<typeof errorMessages>[1])}
      submitLabel={meter ? <Trans>Save the meter</Trans> : <Trans>Add the meter</Trans>}
      pendingLabel={<Trans>Saving…</Trans>}
      pending={save.isPending}
    />
  );
}
