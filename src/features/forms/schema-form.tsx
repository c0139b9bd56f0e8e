/**
 * <SchemaForm>: the one form engine (decision 018), on @rjsf/core v6 with our widgets and templates.
 *
 * Props
 * - `schema` (JSON Schema, e.g. from `compileFields` of contract/form-schema.ts), `uiSchema` (`ui:widget` = our
 *   field type: text, textarea, number, email, phone, nationalId, date, select, radio, checkbox, file, image,
 *   rating, meter, location, list, password; `ui:placeholder`, `ui:help` (the tooltip), `ui:options`: postfix,
 *   lowestRatingText, highestRatingText, accept, multiple, lazyLoad {apiDependencies}, customRegexError, options,
 *   and for our own screens autoComplete, dir, afterId (the id of what `after` shows under the field)).
 * - `validator`: a precompiled validator (src/features/forms/validator.ts); in unit tests `customizeValidator()`.
 * - `formData` / `onChange(data)`: the form's values. `formData` is read when it changes from outside (a draft
 *   loaded); everything typed stays in the form, also the values of fields a condition hides now.
 * - `onSubmit(data, all)`: after the browser's validation passed. `data` leaves out hidden conditional fields
 *   (what the server takes), `all` is everything typed.
 * - `serverError`: the error of the last submit (an ApiError, or its `fieldErrors`): `fieldErrors` land on their
 *   fields (rjsf `extraErrors`), other errors go to the summary. A new one moves to the first failing field.
 * - `check(data)`: cross-field rules (rjsf `customValidate`), field path -> { code, min?, max? }.
 * - `loadOptions(fieldId, dependencies)`: options of lazy selects (POST /api/requests/:serviceSlug/fieldHandler).
 * - `uploadFile(file, { fieldId, onProgress, signal })`: sends one file of a file or image field, resolves to
 *   { id, name, size, type }; the widget shows its progress. Without it the file's name and size are kept.
 * - `submitLabel`, `pending` (the submit button says it is busy), `extraButtons` (after the submit button),
 *   `children` (between the fields and the buttons), `after` ({ fieldPath: node } shown under a field), `describeError` (words a non-field error; default: the
 *   error catalogue), `disabled`, `readonly`, `formRef` (validate() for the stepper), `className`.
 *
 * After a failed submit the error summary lists every error (each a link to its field), and the first failing
 * field in display order is scrolled to the centre after 100 ms and takes focus.
 */
import { useLingui } from '@lingui/react/macro';
import Form from '@rjsf/core';
import type {
  CustomValidator,
  ErrorSchema,
  ErrorTransformer,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import { useCallback, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import type { TLang } from '../../../contract/common.ts';
import { ErrorSummary } from '../../components/ui/error-summary.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessages } from '../../lib/error-display.ts';
import { fieldErrorMessage, type FieldIssue } from '../../lib/field-messages.ts';
import { decodeIssue } from '../../../contract/form-errors.ts';
import { issueOf, pathOf, schemaAt, uiAt } from './errors.ts';
import { uiOptionsOf, widgetOf } from './field-parts.tsx';
import { FormDataContext, type LoadOptions, type UploadFile } from './form-context.ts';
import { LocationField, ReadOnlyField } from './fields.tsx';
import { FOCUS_DELAY_MS, focusField } from '../../components/ui/focus.ts';
import { TEMPLATES } from './templates.tsx';
import { WIDGETS } from './widgets.tsx';
import { useHydrated } from '../../lib/hydrated.ts';

export type { LoadOptions, UploadFile, UploadedFile } from './form-context.ts';
export type FormValues = Record<string, unknown>;

/** A key per options loader: a new loader (other options) is a new cache entry for the lazy selects. */
const loaderKeys = new WeakMap<LoadOptions, string>();
let loaders = 0;
const keyOfLoader = (f: LoadOptions): string => {
  let k = loaderKeys.get(f);
  if (!k) loaderKeys.set(f, (k = String(++loaders)));
  return k;
};

const FIELDS = { location: LocationField, FallbackField: ReadOnlyField };

export { FOCUS_DELAY_MS, focusField };
const INVALID_FIELD = '[aria-invalid="true"]';
const TYPING_FIELD = 'input, select, textarea';

export type SchemaFormHandle = {
  /** Validates the values as a submit would, shows the errors and moves to the first one; true when valid. */
  validate: () => boolean;
};

export type SchemaFormProps = {
  schema: RJSFSchema;
  uiSchema?: UiSchema | undefined;
  validator: ValidatorType;
  formData?: FormValues | undefined;
  onChange?: ((data: FormValues) => void) | undefined;
  onSubmit: (data: FormValues, all: FormValues) => void;
  serverError?: unknown;
  check?: ((data: FormValues) => Record<string, FieldIssue>) | undefined;
  loadOptions?: LoadOptions | undefined;
  uploadFile?: UploadFile | undefined;
  submitLabel?: ReactNode;
  pending?: boolean | undefined;
  pendingLabel?: ReactNode;
  extraButtons?: ReactNode;
  children?: ReactNode;
  describeError?: ((err: unknown) => string[]) | undefined;
  disabled?: boolean | undefined;
  readonly?: boolean | undefined;
  formRef?: Ref<SchemaFormHandle> | undefined;
  /** Shown under a field (by its path), e.g. the password checklist; give its id as `ui:options.afterId`. */
  after?: Record<string, ReactNode> | undefined;
  className?: string | undefined;
};

/** rjsf draws a list (an array of objects) itself, with our templates: `ui:widget: 'list'` is not a widget. */
function forRjsf(ui: unknown): unknown {
  if (Array.isArray(ui) || !ui || typeof ui !== 'object') return ui;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:widget' && v === 'list') continue;
    if (k === 'ui:widget' && v === 'location') {
      out['ui:field'] = 'location';
      continue;
    }
    out[k] = k.startsWith('ui:') ? v : forRjsf(v);
  }
  return out;
}

type Entry = { path: string[]; domId: string; label: string; message: string };

/** Field paths in display order: the schema's own order, the conditional parts' fields after their places. */
function displayOrder(schema: RJSFSchema): string[] {
  const out: string[] = [];
  const visit = (s: unknown, prefix: string[]) => {
    if (!s || typeof s !== 'object') return;
    const o = s as RJSFSchema;
    for (const [k, v] of Object.entries(o.properties ?? {})) {
      const p = [...prefix, k].join('.');
      if (!out.includes(p)) out.push(p);
      visit(v, [...prefix, k]);
      if (v && typeof v === 'object' && typeof (v as RJSFSchema).items === 'object')
        visit((v as RJSFSchema).items, [...prefix, k]);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) (o[key] ?? []).forEach((x) => visit(x, prefix));
    visit(o.then, prefix);
    visit(o.else, prefix);
  };
  visit(schema, []);
  return out;
}

/** Where an error's path sits in the display order (list entries by their index). */
function rank(order: string[], path: string[]): number {
  const named = path.filter((x) => !/^\d+$/.test(x));
  for (let n = named.length; n > 0; n--) {
    const i = order.indexOf(named.slice(0, n).join('.'));
    if (i >= 0) return i * 1000 + Number(path.find((x) => /^\d+$/.test(x)) ?? 0);
  }
  return Number.MAX_SAFE_INTEGER;
}

const setAt = (schema: ErrorSchema, path: string[], message: string) => {
  let node = schema as Record<string, unknown>;
  for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
  const list = (node.__errors ??= []) as string[];
  if (!list.includes(message)) list.push(message);
};

export function SchemaForm(props: SchemaFormProps) {
  const { schema, uiSchema, validator, onChange, onSubmit, serverError, check, loadOptions, uploadFile } = props;
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const idPrefix = `f${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const summaryId = [idPrefix, 'summary'].join('-');
  const rjsf = useRef<Form | null>(null);
  const order = useMemo(() => displayOrder(schema), [schema]);
  const rjsfUi = useMemo(() => forRjsf(uiSchema ?? {}) as UiSchema, [uiSchema]);

  // The values: the form's own, replaced when the parent hands other ones (a draft, a reset).
  const [data, setData] = useState<FormValues>(() => props.formData ?? {});
  const reported = useRef<FormValues | undefined>(props.formData);
  useEffect(() => {
    if (props.formData !== undefined && props.formData !== reported.current) {
      reported.current = props.formData;
      setData(props.formData);
    }
  }, [props.formData]);

  const labelOf = useCallback(
    (path: string[]) => {
      const ui = uiAt(uiSchema, path);
      return String(ui['ui:title'] ?? schemaAt(schema, path)?.title ?? path[path.length - 1] ?? '');
    },
    [schema, uiSchema],
  );
  const word = useCallback(
    (path: string[], issue: FieldIssue) => {
      const widget = widgetOf(uiAt(uiSchema, path));
      return fieldErrorMessage(i18n, issue, {
        label: labelOf(path),
        lang,
        fieldId: path[path.length - 1],
        files: widget === 'file' || widget === 'image',
      });
    },
    [i18n, lang, labelOf, uiSchema],
  );

  const transformErrors: ErrorTransformer = useCallback(
    (errors: RJSFValidationError[]) =>
      errors.flatMap((e) => {
        // The precompiled validator (validator.ts) already answers our codes, encoded in the message; other
        // validators (unit tests, plain-validator.ts) answer ajv's shape, mapped here the server's way.
        const found =
          typeof e.message === 'string' && e.message.startsWith('{')
            ? { path: pathOf(e.property), issue: decodeIssue(e.message) }
            : issueOf(e, schema, uiSchema);
        if (!found) return [];
        const message = word(found.path, found.issue);
        return [{ ...e, property: found.path.length ? `.${found.path.join('.')}` : e.property, message, stack: message }];
      }),
    [schema, uiSchema, word],
  );

  const customValidate: CustomValidator | undefined = useMemo(() => {
    if (!check) return undefined;
    return (formData, errors) => {
      for (const [key, issue] of Object.entries(check((formData ?? {}) as FormValues))) {
        const path = pathOf(key);
        let node: unknown = errors;
        for (const k of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined;
        const target = node as { addError?: (m: string) => void } | undefined;
        if (target?.addError) target.addError(word(path, issue));
      }
      return errors;
    };
  }, [check, word]);

  // Server errors: shown from the moment they arrive until the next submit.
  const [shownServer, setShownServer] = useState<unknown>(serverError);
  useEffect(() => setShownServer(serverError), [serverError]);
  const server = useMemo(() => {
    const extra: ErrorSchema = {};
    const entries: Entry[] = [];
    const general: string[] = [];
    if (shownServer === undefined || shownServer === null) return { extra: undefined, entries, general };
    const fieldErrors =
      shownServer instanceof ApiError
        ? shownServer.fieldErrors
        : typeof shownServer === 'object' && !('code' in shownServer)
          ? (shownServer as Record<string, unknown[]>)
          : undefined;
    for (const [key, list] of Object.entries(fieldErrors ?? {})) {
      const path = pathOf(key);
      const first = (Array.isArray(list) ? list[0] : list) as string | FieldIssue | undefined;
      const issue: FieldIssue = typeof first === 'string' ? { code: first } : (first ?? { code: 'invalid' });
      const known = path.length > 0 && schemaAt(schema, path) !== undefined;
      const message = word(path, issue);
      if (known) {
        setAt(extra, path, message);
        entries.push({ path, domId: [idPrefix, ...path].join('_'), label: labelOf(path), message });
      } else general.push(message);
    }
    if (entries.length === 0 && general.length === 0) {
      general.push(
        ...(props.describeError ?? ((e) => errorMessages(i18n, e as Parameters<typeof errorMessages>[1])))(shownServer),
      );
    }
    return { extra: entries.length ? extra : undefined, entries, general };
  }, [shownServer, schema, word, labelOf, idPrefix, i18n, props.describeError]);

  const [failed, setFailed] = useState<Entry[]>([]);

  const moveToFirst = useCallback(
    (entries: Entry[]) => {
      const from = document.activeElement;
      window.setTimeout(() => {
        // The person moved on meanwhile (into a field, on a slow device or a fast hand): the focus is theirs, and
        // moving it now would send what they type into another field.
        const now = document.activeElement;
        if (now !== from && now instanceof HTMLElement && now.matches(TYPING_FIELD)) return;
        const sorted = [...entries].sort((a, b) => rank(order, a.path) - rank(order, b.path));
        const first = sorted[0];
        const el =
          (first && document.getElementById(first.domId)) ??
          (rjsf.current?.formElement.current as HTMLFormElement | null)?.querySelector<HTMLElement>(INVALID_FIELD) ??
          document.getElementById(summaryId);
        focusField(el);
      }, FOCUS_DELAY_MS);
    },
    [order, summaryId],
  );

  useEffect(() => {
    if (server.entries.length) moveToFirst(server.entries);
    else if (server.general.length) moveToFirst([]);
  }, [server, moveToFirst]);

  const onError = useCallback(
    (errors: RJSFValidationError[]) => {
      const entries = errors.map((e) => {
        const path = pathOf(e.property);
        return { path, domId: [idPrefix, ...path].join('_'), label: labelOf(path), message: e.message ?? '' };
      });
      setFailed(entries);
      setShownServer(undefined);
      moveToFirst(entries);
    },
    [idPrefix, labelOf, moveToFirst],
  );

  // Lazy selects: a value is cleared when a field it depends on changes.
  const dependents = useMemo(() => {
    const out: [string, string[]][] = [];
    for (const [key, ui] of Object.entries(uiSchema ?? {})) {
      if (key.startsWith('ui:') || !ui || typeof ui !== 'object') continue;
      const deps = uiOptionsOf(ui as UiSchema).lazyLoad?.apiDependencies;
      if (deps?.length) out.push([key, deps]);
    }
    return out;
  }, [uiSchema]);

  const handleChange = useCallback(
    (next: FormValues | undefined, changedId?: string) => {
      let values = { ...(next ?? {}) };
      const before = data;
      // rjsf drops the value of a field a condition hides; the person typed it, so it is kept (and left out of
      // what is submitted by omitExtraData).
      for (const [k, v] of Object.entries(before)) {
        const own = changedId === `${idPrefix}_${k}` || changedId?.startsWith(`${idPrefix}_${k}_`);
        if (v !== undefined && values[k] === undefined && !(k in values && own) && !own) values[k] = v;
      }
      for (const [field, deps] of dependents) {
        if (deps.some((d) => JSON.stringify(before[d]) !== JSON.stringify(values[d])) && values[field] !== undefined) {
          values = { ...values, [field]: undefined };
        }
      }
      setData(values);
      reported.current = values;
      onChange?.(values);
    },
    [data, dependents, onChange, idPrefix],
  );

  useImperativeHandle(props.formRef, () => ({
    validate: () => {
      const form = rjsf.current;
      if (!form) return false;
      const ok = form.validateForm();
      return ok;
    },
  }));

  // A form on a page the server drew (the contact form, decision 031) waits for the app: nothing typed is lost.
  const hydrated = useHydrated();
  const after = props.after;
  const loaderKey = loadOptions ? keyOfLoader(loadOptions) : undefined;
  const context = useMemo(
    () => ({ formData: data, loadOptions, loaderKey, uploadFile, after }),
    [data, loadOptions, loaderKey, uploadFile, after],
  );
  const entries = [...failed, ...server.entries].sort((a, b) => rank(order, a.path) - rank(order, b.path));
  const showSummary = entries.length > 0 || server.general.length > 0;

  return (
    <FormDataContext.Provider value={context}>
      <ErrorSummary
        id={summaryId}
        className={showSummary ? 'mb-4' : undefined}
        title={showSummary ? t`Please correct the following:` : undefined}
        messages={server.general}
        entries={entries.map((e) => ({ id: e.domId, label: e.label, message: e.message }))}
      />
      <Form
        ref={rjsf}
        schema={schema}
        uiSchema={{
          ...rjsfUi,
          'ui:globalOptions': { orderable: false, copyable: false, ...(uiSchema?.['ui:globalOptions'] ?? {}) },
        }}
        validator={validator}
        formData={data}
        onChange={(e, id) => handleChange(e.formData as FormValues | undefined, id)}
        onSubmit={(e) => {
          setFailed([]);
          setShownServer(undefined);
          onSubmit((e.formData ?? {}) as FormValues, data);
        }}
        onError={onError}
        transformErrors={transformErrors}
        customValidate={customValidate}
        extraErrors={server.extra}
        widgets={WIDGETS}
        fields={FIELDS}
        templates={TEMPLATES}
        idPrefix={idPrefix}
        idSeparator="_"
        nameGenerator={(path) => path.join('.')}
        noHtml5Validate
        showErrorList={false}
        liveValidate={false}
        omitExtraData
        liveOmit={false}
        focusOnFirstError={false}
        disabled={props.disabled || !hydrated}
        readonly={props.readonly}
        className={props.className ?? 'flex flex-col gap-4'}
        experimental_defaultFormStateBehavior={{
          emptyObjectFields: 'populateRequiredDefaults',
          arrayMinItems: { populate: 'never' },
        }}
      >
        {props.children}
        {(props.submitLabel !== undefined || props.extraButtons) && (
          <div className="flex flex-wrap gap-3">
            {props.submitLabel !== undefined && (
              <button type="submit" className="btn-primary" disabled={props.pending || !hydrated}>
                {props.pending ? (props.pendingLabel ?? props.submitLabel) : props.submitLabel}
              </button>
            )}
            {props.extraButtons}
          </div>
        )}
      </Form>
    </FormDataContext.Provider>
  );
}
