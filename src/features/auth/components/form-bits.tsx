import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type InputHTMLAttributes } from 'react';

/** A password field with a show / hide switch (paste and password managers keep working). */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div className="flex items-stretch gap-2">
      <input {...props} type={shown ? 'text' : 'password'} dir="ltr" className="input flex-1" spellCheck={false} />
      <button
        type="button"
        className="btn-outline shrink-0"
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((s) => !s)}
        title={t`Show password`}
      >
        <Trans>Show</Trans>
      </button>
    </div>
  );
}
