/**
 * <ActivityStepper>: a service activity of several steps, one <SchemaForm> per step.
 *
 * Props
 * - `steps`: [{ stepId, label, schema, uiSchema }] (compileActivity of contract/form-schema.ts, in the language shown).
 * - `validators`: { [stepId]: ValidatorType } (loadActivityValidators of src/features/forms/validator.ts).
 * - `values` / `onChange(values)`: every step's values, { [stepId]: { field: value } }. Kept for every step:
 *   going back, forward, or failing a step never clears anything.
 * - `onSubmit(values, all)`: after the last step passed; `values` leaves out fields hidden by a condition, `all`
 *   is everything typed. Both are keyed by step.
 * - `serverError`: the error of the last submit. Its `fieldErrors` ("field", "stepId.field" or "/stepId/field")
 *   land on their fields: the stepper opens the first step that has one.
 * - `loadOptions`, `uploadFile`, `check` (per step: (stepId, data) => field issues), `describeError`: as SchemaForm.
 * - `submitLabel`, `pending`, `pendingLabel`, `extraButtons` (e.g. "Save as draft", shown on every step).
 * - `step` / `onStepChange(index)`: optional, to keep the current step in the address.
 *
 * "Next" validates the current step before moving on; the step list marks the current one (aria-current) and a
 * live region announces "Step 2 of 3: …"; the new step's heading takes focus.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TLang } from '../../../contract/common.ts';
import { ApiError } from '../../lib/api-client.ts';
import { localDigits } from '../../lib/locale.ts';
import type { FieldIssue } from '../../lib/field-messages.ts';
import { pathOf, schemaAt } from './errors.ts';
import { SchemaForm, type FormValues, type LoadOptions, type UploadFile } from './schema-form.tsx';

export type ActivityStep = { stepId: string; label: string; schema: RJSFSchema; uiSchema?: UiSchema | undefined };
export type StepValues = Record<string, FormValues>;

export type ActivityStepperProps = {
  steps: readonly ActivityStep[];
  validators: Record<string, ValidatorType>;
  values?: StepValues | undefined;
  onChange?: ((values: StepValues) => void) | undefined;
  onSubmit: (values: StepValues, all: StepValues) => void;
  serverError?: unknown;
  loadOptions?: LoadOptions | undefined;
  uploadFile?: UploadFile | undefined;
  check?: ((stepId: string, data: FormValues) => Record<string, FieldIssue>) | undefined;
  describeError?: ((err: unknown) => string[]) | undefined;
  submitLabel: ReactNode;
  pending?: boolean | undefined;
  pendingLabel?: ReactNode;
  extraButtons?: ReactNode;
  step?: number | undefined;
  onStepChange?: ((index: number) => void) | undefined;
};

/** The server's field errors of one step: keys "field", "stepId.field" or "/stepId/field". */
export function serverErrorsByStep(steps: readonly ActivityStep[], err: unknown): Map<string, Record<string, string[]>> {
  const out = new Map<string, Record<string, string[]>>();
  const fieldErrors = err instanceof ApiError ? err.fieldErrors : undefined;
  for (const [key, codes] of Object.entries(fieldErrors ?? {})) {
    const path = pathOf(key);
    let step = steps.find((s) => s.stepId === path[0] && path.length > 1);
    let rest = step ? path.slice(1) : path;
    if (!step) step = steps.find((s) => schemaAt(s.schema, path) !== undefined);
    if (!step) {
      step = steps[0];
      rest = path;
    }
    if (!step) continue;
    const list = out.get(step.stepId) ?? {};
    list[rest.join('.')] = codes;
    out.set(step.stepId, list);
  }
  return out;
}

export function ActivityStepper(props: ActivityStepperProps) {
  const { steps, validators } = props;
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const [own, setOwn] = useState(0);
  const index = Math.min(props.step ?? own, Math.max(steps.length - 1, 0));
  const setIndex = (i: number) => {
    setOwn(i);
    props.onStepChange?.(i);
  };
  const [values, setValues] = useState<StepValues>(() => props.values ?? {});
  const latest = useRef(values);
  useEffect(() => {
    if (props.values && props.values !== latest.current) {
      latest.current = props.values;
      setValues(props.values);
    }
  }, [props.values]);
  // What each step submitted (without hidden fields), for the final answer.
  const passed = useRef<StepValues>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index]);

  // A server error opens the first step that has field errors, and that step shows them.
  const byStep = useMemo(() => serverErrorsByStep(steps, props.serverError), [steps, props.serverError]);
  useEffect(() => {
    if (props.serverError === undefined || props.serverError === null) return;
    const first = steps.findIndex((s) => byStep.has(s.stepId));
    if (first >= 0 && first !== index) {
      moved.current = false;
      setIndex(first);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [byStep]);

  const current = steps[index];
  if (!current) return null;
  const last = index === steps.length - 1;
  const total = steps.length;
  const number = index + 1;
  const stepLabel = current.label;
  // Field errors go to their step; an error about the whole request shows on the step where the person is.
  const stepServerError =
    props.serverError === undefined || props.serverError === null
      ? undefined
      : byStep.size === 0
        ? props.serverError
        : byStep.get(current.stepId);

  const change = (data: FormValues) => {
    const next = { ...latest.current, [current.stepId]: data };
    latest.current = next;
    setValues(next);
    props.onChange?.(next);
  };

  const validator = validators[current.stepId];
  if (!validator) return null;

  return (
    <div className="flex flex-col gap-4">
      {total > 1 && (
        <nav aria-label={t`Steps`}>
          <ol className="flex flex-wrap gap-2">
            {steps.map((s, i) => {
              const n = i + 1;
              const state = i < index ? 'done' : i === index ? 'current' : 'todo';
              return (
                <li
                  key={s.stepId}
                  aria-current={i === index ? 'step' : undefined}
                  className={`flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm ${
                    state === 'current'
                      ? 'border-brand bg-brand font-semibold text-brand-ink'
                      : state === 'done'
                        ? 'border-brand text-brand'
                        : 'border-line text-ink-muted'
                  }`}
                >
                  <span aria-hidden="true">{localDigits(lang, n)}</span>
                  <span>{s.label}</span>
                  {state === 'done' && (
                    <span className="sr-only">
                      <Trans>(done)</Trans>
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {total > 1 ? (
          <Trans>
            Step {number} of {total}: {stepLabel}
          </Trans>
        ) : (
          stepLabel
        )}
      </h2>
      <p role="status" className="sr-only">
        {total > 1 && moved.current ? t`Step ${number} of ${total}: ${stepLabel}` : ''}
      </p>
      <SchemaForm
        key={current.stepId}
        schema={current.schema}
        uiSchema={current.uiSchema}
        validator={validator}
        formData={values[current.stepId] ?? {}}
        onChange={change}
        serverError={stepServerError}
        loadOptions={props.loadOptions}
        uploadFile={props.uploadFile}
        check={props.check ? (d) => props.check!(current.stepId, d) : undefined}
        describeError={props.describeError}
        submitLabel={last ? props.submitLabel : <Trans>Next</Trans>}
        pending={last ? props.pending : false}
        pendingLabel={props.pendingLabel}
        onSubmit={(data) => {
          passed.current = { ...passed.current, [current.stepId]: data };
          if (!last) {
            moved.current = true;
            setIndex(index + 1);
            return;
          }
          const submitted = Object.fromEntries(
            steps.map((s) => [s.stepId, passed.current[s.stepId] ?? latest.current[s.stepId] ?? {}]),
          );
          props.onSubmit(submitted, latest.current);
        }}
        extraButtons={
          <>
            {index > 0 && (
              <button
                type="button"
                className="btn-outline"
                onClick={() => {
                  moved.current = true;
                  setIndex(index - 1);
                }}
              >
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
