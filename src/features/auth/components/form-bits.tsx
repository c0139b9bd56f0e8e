import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';

/**
 * The error summary of a form (quality.md "Accessibility": errors announced, an error summary with focus). The
 * screen moves focus here after a failed submit; the messages are already translated.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { messages: string[]; title?: string }>(function ErrorSummary(
  { messages, title },
  ref,
) {
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      {messages.length > 0 && (
        <div role="alert" className="rounded-xl bg-error-bg p-4 text-error-ink">
          {title && <p className="font-semibold">{title}</p>}
          {messages.length === 1 ? (
            <p>{messages[0]}</p>
          ) : (
            <ul className="list-disc ps-6">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
});

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
