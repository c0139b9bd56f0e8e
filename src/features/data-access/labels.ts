import { useLingui } from '@lingui/react/macro';
import type { TDataAccessKind } from '../../../contract/data-access.ts';

/** What a look was of, said to a citizen and to the auditor (decision 071). */
export function useKindLabel() {
  const { t } = useLingui();
  return (kind: TDataAccessKind): string => {
    switch (kind) {
      case 'request':
        return t`A request`;
      case 'profile':
        return t`Your profile`;
      case 'meters':
        return t`Meters`;
      case 'bills':
        return t`Bills and payments`;
      case 'files':
        return t`Files and papers`;
      case 'search':
        return t`A search by national ID or phone`;
      case 'report_export':
        return t`A report export`;
    }
  };
}

/** Why, when no reason was typed: the purpose recorded with the look. */
export function usePurposeLabel() {
  const { t } = useLingui();
  return (purpose: 'work' | 'search' | 'agent' | 'report', kind: TDataAccessKind): string =>
    purpose === 'agent'
      ? t`An agent serving you at your request`
      : purpose === 'report'
        ? t`A report`
        : purpose === 'search'
          ? t`A search with no reason given`
          : kind === 'bills'
            ? t`Technical support answering about your bills`
            : t`Working on your request`;
}
