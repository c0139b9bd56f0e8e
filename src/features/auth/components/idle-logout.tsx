import { Plural, Trans } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall, ApiError } from '../../../lib/api-client.ts';
import { clearLocalSession, idleTimeoutMs, readHints, useHints } from '../../../lib/session.ts';
import { heartbeatDue, lastActiveAt, markActive, markHeartbeat, remainingMs, warningMs } from '../idle.ts';
import { markSessionExpired } from '../redirect.ts';
import { useLogout } from '../use-logout.ts';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** Mounted once in the shell: watches for inactivity while someone is signed in. */
export function IdleLogout() {
  const hints = useHints('user');
  return hints ? <IdleWatcher key={hints.token} /> : null;
}

function IdleWatcher() {
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const hrefRef = useRef(href);
  hrefRef.current = href;
  const [seconds, setSeconds] = useState<number | null>(null);
  const warningRef = useRef(false);
  const doneRef = useRef(false);

  /** Time is up: the device forgets the session and the user signs in again, back to this page. */
  const expire = useCallback(() => {
    if (doneRef.current) return;
    doneRef.current = true;
    const hints = readHints('user');
    // The server ends an idle session by itself; telling it now also clears the cookie.
    if (hints) void apiCall(identityRoutes.logout, { params: { userSlug: hints.userSlug }, body: {} }).catch(() => undefined);
    markSessionExpired();
    clearLocalSession('user');
    void navigate({ to: '/login', search: { redirect: hrefRef.current, expired: true }, replace: true });
  }, [navigate]);

  const sendHeartbeat = useCallback(() => {
    const active = lastActiveAt();
    if (active === undefined) return;
    markHeartbeat();
    apiCall(identityRoutes.heartbeat, { body: { lastActive: new Date(active).toISOString() } }).catch((err: unknown) => {
      if (err instanceof ApiError && (err.status === 401 || err.code === 'GRANT_EXPIRED')) expire();
    });
  }, [expire]);

  useEffect(() => {
    const timeout = idleTimeoutMs();
    if (lastActiveAt() === undefined) markActive(Date.now(), true);
    const onActivity = () => {
      if (!warningRef.current) markActive();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
    };
    const tick = () => {
      const left = remainingMs(timeout);
      if (left <= 0) return expire();
      const inWarning = left <= warningMs(timeout);
      warningRef.current = inWarning;
      setSeconds(inWarning ? Math.ceil(left / 1000) : null);
      if (!inWarning && heartbeatDue(timeout)) sendHeartbeat();
    };
    for (const ev of ACTIVITY_EVENTS) window.addEventListener(ev, onActivity, { passive: true });
    document.addEventListener('scroll', onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => {
      for (const ev of ACTIVITY_EVENTS) window.removeEventListener(ev, onActivity);
      document.removeEventListener('scroll', onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
    };
  }, [expire, sendHeartbeat]);

  // The session went away under this tab (another tab timed out and cleared the shared hints, or a 401 came in)
  // and the shell unmounts this watcher. When the idle deadline has passed, that was the idle sign-out: this tab
  // says so too. Decided here, on the way out, because a storage listener of this watcher may be removed by that
  // very unmount before it runs (the shell's own listener re-renders first).
  useEffect(
    () => () => {
      if (doneRef.current || readHints('user') || lastActiveAt() === undefined) return;
      if (remainingMs(idleTimeoutMs()) > 1000) return;
      doneRef.current = true;
      markSessionExpired();
      void navigate({ to: '/login', search: { redirect: hrefRef.current, expired: true }, replace: true });
    },
    [navigate],
  );

  const stay = useCallback(() => {
    warningRef.current = false;
    markActive(Date.now(), true);
    setSeconds(null);
    sendHeartbeat();
  }, [sendHeartbeat]);

  return seconds === null ? null : <IdleDialog seconds={seconds} onStay={stay} />;
}

function IdleDialog({ seconds, onStay }: { seconds: number; onStay: () => void }) {
  const stayRef = useRef<HTMLButtonElement>(null);
  const { logout, pending, failed } = useLogout('user');
  // Screen readers hear the countdown every 10 seconds and in the last 5, not every second.
  const [announced, setAnnounced] = useState(seconds);
  if (seconds !== announced && (seconds % 10 === 0 || seconds <= 5)) setAnnounced(seconds);

  return (
    <AlertDialog
      title={<Trans>Are you still there?</Trans>}
      text={<Trans>For your security, you will be signed out soon because of inactivity.</Trans>}
      onDismiss={onStay}
      safeRef={stayRef}
    >
      <p className="mt-3 text-center text-3xl font-bold tabular-nums" aria-hidden="true">
        <Plural value={seconds} one="# second" other="# seconds" />
      </p>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        <Plural value={announced} one="You will be signed out in # second." other="You will be signed out in # seconds." />
      </p>
      {failed && (
        <Notice tone="error" className="mt-3">
          <Trans>Signing out failed. Please try again.</Trans>
        </Notice>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-outline" onClick={() => void logout({ keepUnsent: true })} disabled={pending}>
          <Trans>Log out</Trans>
        </button>
        <button ref={stayRef} type="button" className="btn-primary" onClick={onStay}>
          <Trans>Stay signed in</Trans>
        </button>
      </div>
    </AlertDialog>
  );
}
