import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../contract/identity.ts';

/** The parts of the password rule (contract/identity.ts isStrongPassword), each shown as met or not. */
export const passwordChecks = (p: string) => ({
  length: p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX && !/\s/.test(p),
  upper: /[A-Z]/.test(p),
  lower: /[a-z]/.test(p),
  digit: /\d/.test(p),
  symbol: /[^A-Za-z0-9\s]/.test(p),
});

/** A visible checklist under a new-password field; referenced by the field's aria-describedby. */
export function PasswordChecklist({ id, value }: { id: string; value: string }) {
  const { t } = useLingui();
  const c = passwordChecks(value);
  const min = PASSWORD_MIN;
  const max = PASSWORD_MAX;
  const items: [boolean, ReactNode][] = [
    [
      c.length,
      <Trans key="l">
        {min} to {max} characters, no spaces
      </Trans>,
    ],
    [c.upper, <Trans key="u">An upper-case letter (A-Z)</Trans>],
    [c.lower, <Trans key="w">A lower-case letter (a-z)</Trans>],
    [c.digit, <Trans key="d">A digit (0-9)</Trans>],
    [c.symbol, <Trans key="s">A symbol, such as @ # $ !</Trans>],
  ];
  return (
    <ul id={id} className="mt-1 grid gap-1 text-sm" aria-label={t`Password rules`}>
      {items.map(([ok, text], i) => (
        <li key={i} className={`flex items-center gap-2 ${ok ? 'text-success' : 'text-ink-muted'}`}>
          <span aria-hidden="true" className="inline-block w-4 text-center font-bold">
            {ok ? '✓' : '•'}
          </span>
          <span>
            {text}
            <span className="sr-only"> {ok ? t`(met)` : t`(not met yet)`}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
