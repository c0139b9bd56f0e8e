import { Trans, useLingui } from '@lingui/react/macro';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { compileActivity } from '../../../../contract/form-schema.ts';
import { SchemaForm, type FormValues, type SchemaFormHandle } from '../../forms/schema-form.tsx';
import { loadActivityValidators } from '../../forms/validator.ts';
import { loadFieldOptions, uploadFormFile } from '../api.ts';

type Step = { stepId: string; label: string; schema: RJSFSchema; uiSchema: UiSchema };

/**
 * One activity of a service as a form (the add page's "apply", a request's "needs information" or "rate"): its
 * steps one after another with a step list, every step's values kept, the precompiled validators of the service
 * version, lazy selects through fieldHandler and file fields uploading with progress. `onSubmit` gets the values
 * the server takes (fields hidden by a condition left out); `values`/`stepIndex` are the caller's, so it can
 * autosave and restore them. A server refusal lands on its fields, on the step that holds them.
 */
export function ActivityForm(props: {
  service: TService;
  activityId: string;
  values: FormValues;
  onValues: (values: FormValues) => void;
  stepIndex: number;
  onStep: (index: number) => void;
  onSubmit: (data: FormValues) => void;
  serverError?: unknown;
  pending?: boolean | undefined;
  submitLabel: ReactNode;
  extraButtons?: ReactNode;
  requestId?: string | undefined;
  ownerHeaders?: Record<string, string> | undefined;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const { service, activityId, values, stepIndex, onStep } = props;
  const steps = useMemo(() => (compileActivity(service, activityId, lang)?.steps ?? []) as Step[], [service, activityId, lang]);
  const [validators, setValidators] = useState<Record<string, ValidatorType> | undefined>();
  const [loadError, setLoadError] = useState<unknown>();
  useEffect(() => {
    let alive = true;
    loadActivityValidators(service, activityId).then(
      (v) => alive && setValidators(v as Record<string, ValidatorType>),
      (e: unknown) => alive && setLoadError(e),
    );
    return () => {
      alive = false;
    };
  }, [service, activityId]);

  // The values each step would send (its hidden conditional fields left out), merged on the last step.
  const clean = useRef<Record<string, FormValues>>({});
  const formRef = useRef<SchemaFormHandle>(null);
  const loadOptions = useMemo(
    () => loadFieldOptions(service.serviceSlug, activityId, lang, props.requestId),
    [service.serviceSlug, activityId, lang, props.requestId],
  );
  const uploadFile = useMemo(
    () => uploadFormFile(service.serviceSlug, activityId, props.ownerHeaders),
    [service.serviceSlug, activityId, props.ownerHeaders],
  );

  // A server refusal names fields: show the first step that holds one of them.
  const stepOfError = useMemo(() => {
    const fieldErrors = (props.serverError as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors;
    if (!fieldErrors) return undefined;
    const names = Object.keys(fieldErrors).map((k) => k.replace(/^\.?/, '').split(/[.[/]/)[0]);
    const i = steps.findIndex((s) => names.some((n) => n && s.schema.properties && n in s.schema.properties));
    return i >= 0 ? i : undefined;
  }, [props.serverError, steps]);
  useEffect(() => {
    if (stepOfError !== undefined && stepOfError !== stepIndex) onStep(stepOfError);
    // Only when a new refusal arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.serverError]);

  if (loadError) throw loadError;
  const step = steps[Math.min(stepIndex, steps.length - 1)];
  if (!step || !validators) return <FormSkeleton />;
  const last = stepIndex >= steps.length - 1;
  const validator = validators[step.stepId];
  if (!validator) return <FormSkeleton />;

  return (
    <div className="flex flex-col gap-4">
      {steps.length > 1 && (
        <nav aria-label={t`Form steps`}>
          <ol className="flex flex-wrap gap-2" data-testid="activity-steps">
            {steps.map((s, i) => (
              <li key={s.stepId}>
                <button
                  type="button"
                  className={`flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm ${
                    i === stepIndex ? 'border-brand bg-brand text-white' : 'border-line bg-card'
                  }`}
                  aria-current={i === stepIndex ? 'step' : undefined}
                  // Going back is always allowed; going forward passes through each step's checks.
                  disabled={i > stepIndex}
                  onClick={() => onStep(i)}
                >
                  <span aria-hidden="true" className="font-semibold">
                    {new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-US').format(i + 1)}
                  </span>
                  <span>{s.label}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <h2 className="text-xl font-semibold">{step.label}</h2>
      <SchemaForm
        key={step.stepId}
        formRef={formRef}
        schema={step.schema}
        uiSchema={step.uiSchema}
        validator={validator}
        formData={values}
        onChange={(v) => props.onValues({ ...values, ...v })}
        onSubmit={(data, all) => {
          clean.current[step.stepId] = data;
          props.onValues({ ...values, ...all });
          if (!last) {
            onStep(stepIndex + 1);
            window.scrollTo?.({ top: 0 });
            return;
          }
          const merged: FormValues = {};
          for (const s of steps) Object.assign(merged, clean.current[s.stepId] ?? pick(values, s.schema));
          props.onSubmit(merged);
        }}
        serverError={stepOfError === undefined || stepOfError === stepIndex ? props.serverError : undefined}
        loadOptions={loadOptions}
        uploadFile={uploadFile}
        pending={props.pending}
        submitLabel={last ? props.submitLabel : <Trans>Next</Trans>}
        extraButtons={
          <>
            {stepIndex > 0 && (
              <button type="button" className="btn-outline" onClick={() => onStep(stepIndex - 1)}>
                <Trans>Back</Trans>
              </button>
            )}
            {props.extraButtons}
          </>
        }
      />
    </div>
  );
}

/** A step's own fields of the values (a step not visited again since a reload). */
function pick(values: FormValues, schema: RJSFSchema): FormValues {
  const out: FormValues = {};
  for (const k of Object.keys(schema.properties ?? {})) if (values[k] !== undefined) out[k] = values[k];
  return out;
}

function FormSkeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-4" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-16 rounded-lg bg-line/60" />
      ))}
    </div>
  );
}
