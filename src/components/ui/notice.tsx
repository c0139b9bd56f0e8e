import type { ReactNode } from 'react';

/*
 * The one notice (docs/decisions/042-a-small-ui-kit.md): a message about what just happened or went wrong, in one
 * of four tones. An error interrupts (`role="alert"`), the others wait their turn (`role="status"`); `live` says
 * otherwise where a screen needs it. `inline` is the same message as a line of coloured text (under a button,
 * beside a list), `box` (the default) a tinted block. Page-level failures with a retry are `ErrorPanel`; a form's
 * errors are `ErrorSummary`, which draws itself with this.
 */

export type NoticeTone = 'error' | 'warning' | 'success' | 'info';

/* eslint-disable lingui/no-unlocalized-strings -- class names */
const BOX: Record<NoticeTone, string> = {
  error: 'bg-error-bg text-error-ink',
  warning: 'bg-warning-bg text-warning-ink',
  success: 'bg-success-bg text-success-ink',
  info: 'bg-info-bg text-info-ink',
};
const BOXED = 'rounded-xl p-4';
const INLINE: Record<NoticeTone, string> = {
  error: 'text-danger',
  warning: 'text-warning-ink',
  success: 'text-success',
  info: 'text-info-ink',
};
/* eslint-enable lingui/no-unlocalized-strings */

export function Notice({
  tone,
  live = tone === 'error' ? 'alert' : 'status',
  inline = false,
  className = '',
  testId,
  id,
  as: Tag = 'div',
  children,
}: {
  tone: NoticeTone;
  /** `off`: not a live region (a message drawn with the page, not one that appears). */
  live?: 'alert' | 'status' | 'off';
  inline?: boolean;
  /** Layout only (margins, flex, position): the look is the tone's. */
  className?: string;
  testId?: string;
  /** For a control's aria-describedby (the message says why the control was refused). */
  id?: string | undefined;
  /** `span` inside a line of text. */
  as?: 'div' | 'span';
  children: ReactNode;
}) {
  const look = inline ? INLINE[tone] : `${BOXED} ${BOX[tone]}`;
  return (
    <Tag id={id} role={live === 'off' ? undefined : live} className={`${look} ${className}`.trim()} data-testid={testId}>
      {children}
    </Tag>
  );
}
