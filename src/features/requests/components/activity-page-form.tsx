import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TFieldsSchema, TService } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { compileActivity, declaredFields } from '../../../../contract/form-schema.ts';
import { lockedByProfile, withProfileDefaults, type TProfileSource } from '../../../../contract/profile-binding.ts';
import { useLingui } from '@lingui/react/macro';
import { ActivityStepper, type ActivityStep, type StepValues } from '../../forms/activity-stepper.tsx';
import type { FormValues } from '../../forms/schema-form.tsx';
import { loadActivityValidators } from '../../forms/validator.ts';
import { loadFieldOptions, uploadFormFile } from '../api.ts';

/** The activity's data as one object (what the server takes), from the stepper's values per step. */
const flatten = (values: StepValues): FormValues => Object.assign({}, ...Object.values(values)) as FormValues;

/** One object of data split by the step that declares each field. */
function split(steps: readonly ActivityStep[], data: FormValues): StepValues {
  const out: StepValues = {};
  for (const s of steps) {
    const own: FormValues = {};
    for (const id of declaredFields(s.schema)) if (data[id] !== undefined) own[id] = data[id];
    out[s.stepId] = own;
  }
  return out;
}

/**
 * One activity of a service as a form (the add page's "apply", a request's "needs information" or "rate"): the
 * form engine's ActivityStepper with the precompiled validators of the service version, lazy selects through
 * fieldHandler and file fields uploading with progress. The pages hold the data as one object (drafts, the
 * outbox and the server take it so): `values` is read when the form opens (remount it to load other values),
 * `onValues` gets every change, `onSubmit` the data the server takes (fields hidden by a condition left out).
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
  /** The filer's profile (decision 052): bound fields open with its values; those the service locks are read-only. */
  profile?: TProfileSource | undefined;
}) {
  const { i18n, t } = useLingui();
  const lang = i18n.locale as TLang;
  const { service, activityId, profile } = props;
  const fields = useMemo(
    () =>
      Object.assign(
        {},
        ...(service.activities.find((a) => a.activityId === activityId)?.steps ?? []).map((s) => s.fieldsSchema),
      ) as TFieldsSchema,
    [service, activityId],
  );
  const fromProfile = t`From your profile: it cannot be changed here.`;
  const steps = useMemo(() => {
    const compiled = (compileActivity(service, activityId, lang)?.steps ?? []) as ActivityStep[];
    if (!profile) return compiled;
    // A field the profile decides is shown read-only, saying where its value comes from.
    return compiled.map((s) => {
      const ui = { ...(s.uiSchema ?? {}) } as Record<string, Record<string, unknown>>;
      for (const id of declaredFields(s.schema)) {
        const f = fields[id];
        if (f && lockedByProfile(f, profile)) ui[id] = { ...ui[id], 'ui:readonly': true, 'ui:help': fromProfile };
      }
      return { ...s, uiSchema: ui };
    });
  }, [service, activityId, lang, profile, fields, fromProfile]);
  const [initial] = useState(() => split(steps, profile ? withProfileDefaults(fields, profile, props.values) : props.values));
  const [validators, setValidators] = useState<Record<string, ValidatorType> | undefined>();
  const [loadError, setLoadError] = useState<unknown>();
  useEffect(() => {
    let alive = true;
    loadActivityValidators(service, activityId).then(
      (v) => alive && setValidators(v),
      (e: unknown) => alive && setLoadError(e),
    );
    return () => {
      alive = false;
    };
  }, [service, activityId]);
  const loadOptions = useMemo(
    () => loadFieldOptions(service.serviceSlug, activityId, lang, props.requestId),
    [service.serviceSlug, activityId, lang, props.requestId],
  );
  const uploadFile = useMemo(
    () => uploadFormFile(service.serviceSlug, activityId, props.ownerHeaders),
    [service.serviceSlug, activityId, props.ownerHeaders],
  );

  if (loadError) throw loadError;
  if (!validators || steps.length === 0) return <FormSkeleton />;
  return (
    <ActivityStepper
      steps={steps}
      validators={validators}
      values={initial}
      onChange={(v) => props.onValues(flatten(v))}
      onSubmit={(v) => props.onSubmit(flatten(v))}
      serverError={props.serverError}
      loadOptions={loadOptions}
      uploadFile={uploadFile}
      submitLabel={props.submitLabel}
      pending={props.pending}
      extraButtons={props.extraButtons}
      step={props.stepIndex}
      onStepChange={props.onStep}
    />
  );
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
