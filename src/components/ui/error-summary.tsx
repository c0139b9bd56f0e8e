import { Trans } from '@lingui/react/macro';
import { forwardRef } from 'react';
import { focusField } from './focus.ts';
import { Notice } from './notice.tsx';

/*
 * The one error summary (quality.md "Accessibility": errors announced, an error summary with focus;
 * docs/decisions/044-fields-and-one-error-summary.md): a form's errors in one alert, each field's error a link that
 * moves to the field (scrolled to the centre, focused). The screen focuses the summary after a failed submit
 * (its ref, or its id), or the first failing field. The messages are already translated.
 */

/** A field's error: the field's element id, its label and the message. */
export type SummaryEntry = { id: string; label?: string | undefined; message: string };

export type ErrorSummaryProps = {
  /** Errors that belong to no field (the server refused the whole form). */
  messages?: readonly string[];
  /** Errors of fields, each a link to its field. */
  entries?: readonly SummaryEntry[];
  /** A heading; with field errors the default is "Please correct the following:". */
  title?: string | undefined;
  /** The summary's id (a field's aria-describedby may name it; a screen may focus it by id). */
  id?: string | undefined;
  className?: string | undefined;
};

export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { messages = [], entries = [], title, id, className },
  ref,
) {
  const count = messages.length + entries.length;
  return (
    <div ref={ref} id={id} tabIndex={-1} className={`focus:outline-none ${className ?? ''}`.trim()}>
      {count > 0 && (
        <Notice tone="error">
          {title ? (
            <p className="font-semibold">{title}</p>
          ) : (
            entries.length > 0 && (
              <p className="font-semibold">
                <Trans>Please correct the following:</Trans>
              </p>
            )
          )}
          {count === 1 && messages.length === 1 ? (
            <p>{messages[0]}</p>
          ) : (
            <ul className="list-disc ps-6">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
              {entries.map((e) => (
                <li key={`${e.id}-${e.message}`}>
                  <a
                    href={`#${e.id}`}
                    className="inline-flex min-h-11 items-center underline"
                    onClick={(ev) => {
                      ev.preventDefault();
                      focusField(document.getElementById(e.id));
                    }}
                  >
                    {e.label ? `${e.label}: ${e.message}` : e.message}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
    </div>
  );
});
