import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown to a moment, kept in sessionStorage under `key` so that a reload does not restart it.
 * Returns the whole seconds left (0 when done) and a function to start it again.
 */
export function useCountdown(key: string, initialSeconds = 0): [number, (seconds: number) => void] {
  const storageKey = `countdown:${key}`;
  const [deadline, setDeadline] = useState<number>(() => {
    const stored = Number(sessionStorage.getItem(storageKey));
    if (stored > 0) return stored;
    const d = initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0;
    if (d) sessionStorage.setItem(storageKey, String(d));
    return d;
  });
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  const start = useCallback(
    (seconds: number) => {
      const d = Date.now() + seconds * 1000;
      sessionStorage.setItem(storageKey, String(d));
      setNow(Date.now());
      setDeadline(d);
    },
    [storageKey],
  );
  return [left, start];
}
