import { useState } from 'react';

/** A banner the user closed stays closed on this device (localStorage, key per banner). */
export function useDismissed(key: string): [boolean, () => void] {
  const storageKey = `dismissed:${key}`;
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(storageKey) === '1';
    } catch {
      return false;
    }
  });
  return [
    dismissed,
    () => {
      setDismissed(true);
      try {
        localStorage.setItem(storageKey, '1');
      } catch {
        /* private mode: dismissed for this visit only */
      }
    },
  ];
}
