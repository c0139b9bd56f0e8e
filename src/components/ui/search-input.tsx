import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field } from './field.tsx';

/*
 * The one search input (docs/decisions/044-fields-and-one-error-summary.md): a labelled `type="search"` field
 * with a clear button (shown while there is text; it empties the field and gives the focus back to it). With
 * `debounceMs`, `onChange` waits until typing pauses (a list filtered on the server); the clear button and the
 * Enter key report at once.
 */
export function SearchInput({
  id,
  label,
  value,
  onChange,
  debounceMs = 0,
  placeholder,
  hint,
  hideLabel,
  name,
  className,
  labelClassName,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class names
  inputClassName = 'input w-full',
  autoFocus,
  dir,
  controls,
  clean,
  maxLength,
  autoComplete,
  spellCheck,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  debounceMs?: number;
  placeholder?: string | undefined;
  hint?: ReactNode;
  hideLabel?: boolean;
  name?: string;
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
  autoFocus?: boolean;
  dir?: 'auto' | 'ltr';
  /** The id of what the search updates (a list of results). */
  controls?: string;
  /** Drops what the field does not accept as it is typed (a request number's letters, digits and dashes). */
  clean?: (typed: string) => string;
  maxLength?: number;
  autoComplete?: 'off';
  spellCheck?: boolean;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement | null>(null);
  // A value set from outside (the address changed, a reset) replaces what is shown.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const report = (v: string, now: boolean) => {
    window.clearTimeout(timer.current);
    const send = () => {
      sent.current = v;
      onChange(v);
    };
    if (now || debounceMs <= 0) send();
    else timer.current = window.setTimeout(send, debounceMs);
  };

  return (
    <Field id={id} label={label} hint={hint} hideLabel={hideLabel} className={className} labelClassName={labelClassName}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            ref={input}
            name={name}
            type="search"
            value={text}
            placeholder={placeholder}
            autoFocus={autoFocus}
            dir={dir}
            maxLength={maxLength}
            autoComplete={autoComplete}
            spellCheck={spellCheck}
            aria-controls={controls}
            className={`${inputClassName} pe-12`}
            onChange={(e) => {
              const typed = clean ? clean(e.target.value) : e.target.value;
              setText(typed);
              report(typed, false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') report(text, true);
            }}
          />
          {text && (
            <button
              type="button"
              className="absolute inset-y-0 end-0 inline-flex min-w-11 items-center justify-center text-ink-muted hover:text-ink"
              aria-controls={id}
              onClick={() => {
                setText('');
                report('', true);
                input.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
              <span className="sr-only">
                <Trans>Clear the search</Trans>
              </span>
            </button>
          )}
        </div>
      )}
    </Field>
  );
}
