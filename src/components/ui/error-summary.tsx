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

/** A field's error with its label once: a message that already names the field ("Reading: …") is not prefixed. */
export function labelled({ label, message }: Pick<SummaryEntry, 'label' | 'message'>): string {
  const name = label?.trim();
  return name && !message.includes(name) ? `${name}: ${message}` : message;
}

export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { messages = [], entries = [], title, id, className },
  ref,
) {
  // One error listed once (a field's error can arrive from the browser's check and from the server alike).
  const general = [...new Set(messages)];
  const fields = entries.filter((e, i) => entries.findIndex((o) => o.id === e.id && o.message === e.message) === i);
  const count = general.length + fields.length;
  return (
    <div ref={ref} id={id} tabIndex={-1} className={`focus:outline-none ${className ?? ''}`.trim()}>
      {count > 0 && (
        <Notice tone="error">
          {title ? (
            <p className="font-semibold">{title}</p>
          ) : (
            fields.length > 0 && (
              <p className="font-semibold">
                <Trans>Please correct the following:</Trans>
              </p>
            )
          )}
          {count === 1 && general.length === 1 ? (
            <p>{general[0]}</p>
          ) : (
            <ul className="list-disc ps-6">
              {general.map((m) => (
                <li key={m}>{m}</li>
              ))}
              {fields.map((e) => (
                <li key={`${e.id}-${e.message}`}>
                  <a
                    href={`#${e.id}`}
                    className="inline-flex min-h-11 items-center underline"
                    onClick={(ev) => {
                      ev.preventDefault();
                      focusField(document.getElementById(e.id));
                    }}
                  >
                    {labelled(e)}
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
