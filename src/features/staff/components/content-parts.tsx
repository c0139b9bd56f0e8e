import { Trans } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { QueryList, type ItemOf, type ListAnswer, type ListQuery } from '../../../components/ui/query-list.tsx';
import { uploadContentFile } from '../content-api.ts';

/*
 * The parts the content screens (/content: news, guides, banners, FAQ, figures) are made of (decision 074): a panel
 * with its add button or open editor above the list, an item's card with its actions, an editor form with save and
 * cancel, texts in both languages, and a file picked and uploaded through the content file storage.
 */

export const LANGS: readonly TLang[] = ['ar', 'en'];
export const dirOf = (l: TLang) => (l === 'ar' ? 'rtl' : 'ltr');
export type Bilingual = { ar: string; en: string };

/** A content list: its editor when one is open (else the add button), what was refused, then the items. */
export function ContentPanel<D extends ListAnswer>({
  query,
  editor,
  add,
  onAdd,
  error,
  above,
  ordered,
  label,
  skeleton,
  children,
}: {
  query: ListQuery<D>;
  /** The open editor, if any. */
  editor: ReactNode | undefined;
  add: ReactNode;
  onAdd: () => void;
  /** A refused action on an item (remove, reorder). */
  error?: unknown;
  /** Between the editor and the list (the news preview). */
  above?: ReactNode;
  ordered?: boolean;
  label?: string;
  skeleton?: number;
  children: (item: ItemOf<D>, index: number) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      {editor ?? (
        <p>
          <button type="button" className="btn-primary" onClick={onAdd}>
            {add}
          </button>
        </p>
      )}
      {above}
      <ErrorNotice error={error} />
      <QueryList query={query} ordered={ordered} label={label} skeleton={skeleton}>
        {children}
      </QueryList>
    </div>
  );
}

/** An item of a content list: what it says, then its actions. */
export function ItemCard({ testId, children, actions }: { testId?: string; children: ReactNode; actions: ReactNode }) {
  return (
    <li className="rounded-xl border border-line bg-card p-4" data-testid={testId}>
      {children}
      <div className="mt-2 flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}

/** An action on an item; `name` tells a screen reader which item (the buttons of a list read alike otherwise). */
export function ItemButton({
  onClick,
  disabled,
  name,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  name?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn-outline" disabled={disabled} onClick={onClick}>
      {children}
      {name && <span className="sr-only">: {name}</span>}
    </button>
  );
}

/** An item's editor: its fields, the save's refusal, then save and cancel. */
export function EditorForm({
  label,
  onSubmit,
  error,
  busy,
  save,
  onCancel,
  className = 'grid gap-3 rounded-xl border border-line bg-card p-4',
  children,
}: {
  label: string;
  onSubmit: () => void;
  error: unknown;
  /** Saving, or a file still uploading: the save waits. */
  busy: boolean;
  save: ReactNode;
  /** Without it there is no cancel (a settings form that is always open). */
  onCancel?: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <ErrorNotice error={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {save}
        </button>
        {onCancel && (
          <button type="button" className="btn-outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}

/** A required text, one line or several, in one language (its direction and language set). */
export function TextInput(p: {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onChange: (v: string) => void;
  lang?: TLang;
  dir?: 'rtl' | 'ltr';
  multiline?: boolean;
}) {
  const id = useId();
  const dir = p.dir ?? (p.lang ? dirOf(p.lang) : undefined);
  const common = { required: true, dir, lang: p.lang, value: p.value };
  return (
    <Field id={id} label={p.label} hint={p.hint} required>
      {p.multiline ? (
        <textarea className="input min-h-32" {...common} onChange={(e) => p.onChange(e.target.value)} />
      ) : (
        <input className="input" {...common} onChange={(e) => p.onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** One text in both languages, side by side on a wide screen. */
export function BilingualInput({
  label,
  value,
  onChange,
  dir,
}: {
  label: Record<TLang, ReactNode>;
  value: Bilingual;
  onChange: (v: Bilingual) => void;
  /** Both directions at once (addresses are left to right in either language). */
  dir?: 'ltr';
}) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {LANGS.map((l) => (
        <TextInput
          key={l}
          label={label[l]}
          lang={dir ? undefined : l}
          dir={dir}
          value={value[l]}
          onChange={(v) => onChange({ ...value, [l]: v })}
        />
      ))}
    </div>
  );
}

/** The fields of each language in a group of its own (legend "Arabic", "English"), side by side on a wide screen. */
export function LanguageGroups({ children }: { children: (lang: TLang) => ReactNode }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {LANGS.map((l) => (
        <fieldset key={l} className="grid gap-3" lang={l} dir={dirOf(l)}>
          <legend className="font-semibold">{l === 'ar' ? <Trans>Arabic</Trans> : <Trans>English</Trans>}</legend>
          {children(l)}
        </fieldset>
      ))}
    </div>
  );
}

/** A whole number of at least 0. */
export function NumberInput({ label, value, onChange }: { label: ReactNode; value: number; onChange: (v: number) => void }) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <input className="input" type="number" min={0} required value={value} onChange={(e) => onChange(Number(e.target.value))} />
    </Field>
  );
}

type Upload = { busy: boolean; error?: unknown; name?: string };
/** What the file picker offers for each kind (the server checks the bytes: decision 067). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- media types, not interface text
const ACCEPT = { image: 'image/jpeg,image/png,image/webp', pdf: 'application/pdf,.pdf' } as const;

/**
 * A file picked and sent to the content file storage at once (the server checks its type and size): while it goes
 * the form's save waits (`onBusy`); then its name is said, or why it was refused.
 */
export function UploadField({
  kind,
  label,
  hint,
  optional,
  uploading,
  uploaded,
  onUploaded,
  onBusy,
}: {
  kind: 'image' | 'pdf';
  label: ReactNode;
  hint: ReactNode;
  optional?: boolean;
  /** Said while it uploads (nothing: only the button waits). */
  uploading?: ReactNode;
  uploaded: (name: string) => ReactNode;
  onUploaded: (file: { id: string; url: string; name: string }) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const [state, setState] = useState<Upload>({ busy: false });
  const set = (next: Upload) => {
    setState(next);
    onBusy(next.busy);
  };
  return (
    <>
      <Field id={id} label={label} optional={optional} hint={hint}>
        <input
          type="file"
          accept={ACCEPT[kind]}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            set({ busy: true });
            uploadContentFile(file, kind).then(
              (f) => {
                onUploaded(f);
                set({ busy: false, name: f.name });
              },
              (error: unknown) => set({ busy: false, error }),
            );
          }}
        />
      </Field>
      {state.busy && uploading && <p role="status">{uploading}</p>}
      {state.name && <p role="status">{uploaded(state.name)}</p>}
      <ErrorNotice error={state.error} />
    </>
  );
}
