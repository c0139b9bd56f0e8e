import { useCallback, useEffect, useState } from 'react';
import { waitSecondsOf } from '../../lib/auth-errors.ts';

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

export type ResendResult = { sent: true } | { error: unknown } | undefined;

/**
 * A code's "send again": the seconds until it may be asked for again (kept across reloads), what the last try
 * answered, and the callbacks for the mutation: a success restarts the wait the server gave, a refusal with a
 * wait (NOT_ALLOWED_RESEND, TOO_MANY_REQUESTS) shows it.
 */
export function useResend(key: string, initialSeconds = 0) {
  const [left, restart] = useCountdown(key, initialSeconds);
  const [result, setResult] = useState<ResendResult>();
  const onSent = useCallback(
    (resendAfterSeconds: number) => {
      setResult({ sent: true });
      restart(resendAfterSeconds);
    },
    [restart],
  );
  const onFailed = useCallback(
    (error: unknown) => {
      setResult({ error });
      const wait = waitSecondsOf(error);
      if (wait) restart(wait);
    },
    [restart],
  );
  return { left, result, onSent, onFailed, restart };
}
