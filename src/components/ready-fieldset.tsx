import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated.ts';

/**
 * Form controls on a page the server drew (decision 031) wait for the app: disabled until it has taken over the
 * page, so that nothing is typed into a field the app would then draw again empty, and no form is sent by the
 * browser on its own. Elsewhere (the app drew the page) they are ready at once.
 */
export function ReadyFieldset({ className = '', children }: { className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}
