import { Trans, useLingui } from '@lingui/react/macro';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { useId, useRef, useState } from 'react';
import { errorMessages } from '../../lib/error-display.ts';
import { formatFileSize } from '../../lib/text/format.ts';
import { Group, ariaOf, uiOptionsOf } from './field-parts.tsx';
import { useFormContext, type UploadedFile } from './form-context.ts';

/*
 * File and image fields (several where the schema is an array): the person chooses files; each is shown with its
 * name, size and an upload progress bar while the form's `uploadFile` sends it; the field keeps what the server
 * answered for each (its id). A failed upload stays listed with the reason and can be removed.
 */

type Pending = { key: string; name: string; size: number; progress: number; error?: string | undefined };

const asFile = (v: unknown): UploadedFile | undefined => {
  if (typeof v === 'string') return { id: v, name: v, size: 0 };
  if (v && typeof v === 'object' && 'id' in v) return v as UploadedFile;
  return undefined;
};

export function FileWidget(p: WidgetProps) {
  const { t, i18n } = useLingui();
  const { uploadFile } = useFormContext();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const schema = p.schema as RJSFSchema;
  const many = schema.type === 'array';
  const o = uiOptionsOf(p.uiSchema);
  const accept = o.accept?.join(',') ?? (p.options.accept as string | undefined);
  const max = !many ? 1 : typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const files: UploadedFile[] = (many ? (Array.isArray(p.value) ? p.value : []) : p.value ? [p.value] : [])
    .map(asFile)
    .filter((f: UploadedFile | undefined): f is UploadedFile => f !== undefined);
  const [pending, setPending] = useState<Pending[]>([]);
  // The latest list, for uploads finishing one after another.
  const latest = useRef(files);
  latest.current = files;

  const store = (next: UploadedFile[]) => {
    latest.current = next;
    if (many) p.onChange(next.length ? next : p.options.emptyValue);
    else p.onChange(next[0] ?? p.options.emptyValue);
  };

  const choose = (list: FileList | null) => {
    if (!list) return;
    for (const file of Array.from(list)) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setPending((ps) => [...ps, { key, name: file.name, size: file.size, progress: 0 }]);
      const done = (f: UploadedFile) => {
        setPending((ps) => ps.filter((x) => x.key !== key));
        store(many ? [...latest.current, f] : [f]);
      };
      if (!uploadFile) {
        done({ id: key, name: file.name, size: file.size, mime: file.type });
        continue;
      }
      const controller = new AbortController();
      uploadFile(file, {
        fieldId: p.name,
        signal: controller.signal,
        onProgress: (fraction) => setPending((ps) => ps.map((x) => (x.key === key ? { ...x, progress: fraction } : x))),
      }).then(done, (err: unknown) => {
        const reason = errorMessages(i18n, err as Parameters<typeof errorMessages>[1])[0];
        setPending((ps) => ps.map((x) => (x.key === key ? { ...x, error: reason ?? t`The file could not be uploaded.` } : x)));
      });
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  const full = max !== undefined && files.length >= max;
  const a = ariaOf(p);
  return (
    <Group
      id={p.id}
      label={p.label}
      required={p.required}
      readonly={p.readonly}
      ui={p.uiSchema}
      errors={p.rawErrors}
      className="flex flex-col gap-2"
    >
      {!p.readonly && (
        <div>
          <input
            ref={inputRef}
            id={p.id}
            name={p.htmlName ?? p.id}
            type="file"
            className="sr-only"
            accept={accept}
            multiple={many && (max === undefined || max > 1)}
            disabled={p.disabled || full}
            onChange={(e) => choose(e.target.files)}
            {...a}
            aria-describedby={[a['aria-describedby'], statusId].filter(Boolean).join(' ')}
          />
          <label htmlFor={p.id} className={full ? 'btn-outline cursor-not-allowed opacity-60' : 'btn-outline cursor-pointer'}>
            {widgetLabel(p.uiSchema?.['ui:widget'], many)}
          </label>
        </div>
      )}
      <ul id={statusId} className="flex flex-col gap-2" aria-live="polite">
        {files.map((f, i) => (
          <li key={f.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line bg-card p-2">
            <bdi className="min-w-0 flex-1 break-all">{f.name ?? f.id}</bdi>
            {f.size !== undefined && f.size > 0 && <span className="text-sm text-ink-muted">{formatFileSize(i18n, f.size)}</span>}
            {!p.readonly && (
              <button
                type="button"
                className="inline-flex min-h-11 items-center px-2 text-danger underline"
                onClick={() => store(files.filter((_, j) => j !== i))}
              >
                <Trans>Remove</Trans>
                <span className="sr-only">{f.name ?? f.id}</span>
              </button>
            )}
          </li>
        ))}
        {pending.map((x) => {
          const fileName = x.name;
          return (
            <li key={x.key} className="flex flex-col gap-1 rounded-lg border border-line bg-card p-2">
              <span className="flex flex-wrap items-center gap-x-3">
                <bdi className="min-w-0 flex-1 break-all">{x.name}</bdi>
                <span className="text-sm text-ink-muted">{formatFileSize(i18n, x.size)}</span>
                {x.error && (
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center px-2 text-danger underline"
                    onClick={() => setPending((ps) => ps.filter((y) => y.key !== x.key))}
                  >
                    <Trans>Remove</Trans>
                    <span className="sr-only">{x.name}</span>
                  </button>
                )}
              </span>
              {x.error ? (
                <span className="text-sm font-medium text-danger">{x.error}</span>
              ) : (
                <progress
                  className="h-2 w-full accent-brand"
                  max={100}
                  value={Math.round(x.progress * 100)}
                  aria-label={t`Uploading ${fileName}`}
                />
              )}
            </li>
          );
        })}
      </ul>
    </Group>
  );
}

function widgetLabel(widget: unknown, many: boolean) {
  if (widget === 'image') return many ? <Trans>Choose pictures</Trans> : <Trans>Choose a picture</Trans>;
  return many ? <Trans>Choose files</Trans> : <Trans>Choose a file</Trans>;
}
