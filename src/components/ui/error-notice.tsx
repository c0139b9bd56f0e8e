import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessages } from '../../lib/error-display.ts';
import { Notice } from './notice.tsx';

/*
 * A refused action's reason (decision 074): the one notice, in the error tone, saying what the server's code means
 * (spec section 8's display rules, `errorMessages`). Inline under the buttons by default; `box` where it heads a
 * form. `children` follow the reason (a Reload button when someone else changed the record first). Nothing is
 * drawn without an error, so a screen writes `<ErrorNotice error={save.error} />` and nothing else.
 */

export function ErrorNotice({
  error,
  box = false,
  className = '',
  children,
}: {
  error: unknown;
  box?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <Notice tone="error" inline={!box} className={box ? className : `text-sm ${className}`.trim()}>
      <p>{errorMessages(i18n, error as Parameters<typeof errorMessages>[1]).join(' ')}</p>
      {children}
    </Notice>
  );
}
