import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { Field } from './field.tsx';

/*
 * The one password input (docs/decisions/044-fields-and-one-error-summary.md): a `Field` whose control can show
 * what was typed (a pressed "Show" button). Paste and password managers keep working: the caller names the
 * `autoComplete` (current-password on sign-in, new-password where one is chosen).
 */
export function PasswordInput({
  id,
  label,
  autoComplete,
  value,
  onChange,
  name,
  hint,
  error,
  invalid,
  required,
  announce,
  describedBy,
  after,
}: {
  id: string;
  label: ReactNode;
  autoComplete: 'current-password' | 'new-password' | 'off';
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  name?: string;
  hint?: ReactNode;
  error?: ReactNode;
  invalid?: boolean | undefined;
  required?: boolean;
  announce?: boolean;
  describedBy?: string | undefined;
  after?: ReactNode;
}) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      invalid={invalid}
      required={required}
      announce={announce}
      describedBy={describedBy}
      after={after}
    >
      {(control) => (
        <div className="flex items-stretch gap-2">
          <input
            {...control}
            name={name}
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            value={value}
            onChange={onChange}
            required={required}
            dir="ltr"
            className="input min-w-0 flex-1"
            spellCheck={false}
            autoCapitalize="none"
          />
          <button
            type="button"
            className="btn-outline shrink-0"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
            title={t`Show password`}
          >
            <Trans>Show</Trans>
          </button>
        </div>
      )}
    </Field>
  );
}
