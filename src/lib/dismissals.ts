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

/** Several banners of one kind (configured alerts) closed one by one, remembered on this device by id. */
export function useDismissedSet(key: string): [ReadonlySet<string>, (id: string) => void] {
  const storageKey = `dismissed:${key}`;
  const [ids, setIds] = useState<ReadonlySet<string>>(() => {
    try {
      const saved: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
      return new Set(Array.isArray(saved) ? saved.filter((x): x is string => typeof x === 'string') : []);
    } catch {
      return new Set();
    }
  });
  return [
    ids,
    (id) => {
      const next = new Set(ids).add(id);
      setIds(next);
      try {
        localStorage.setItem(storageKey, JSON.stringify([...next]));
      } catch {
        /* private mode: dismissed for this visit only */
      }
    },
  ];
}
