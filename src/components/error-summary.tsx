import { forwardRef } from 'react';
import { Notice } from './ui/notice.tsx';

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
        <Notice tone="error">
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
        </Notice>
      )}
    </div>
  );
});
