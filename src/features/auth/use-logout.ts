import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { AppPath } from '../../lib/links.ts';
import { type SessionScope } from '../../lib/session.ts';
import { signOut } from '../../lib/session-api.ts';
import { currentOwner, deleteRecord, listRecords } from '../outbox/store.ts';

/**
 * Log out (spec section 4 "Session"): the server forgets the session, then the device does, then the user goes
 * home. A failure keeps the session and is returned so that the screen offers a retry. Writes not sent yet
 * (the outbox, decision 019) would be lost to this user: the first call only asks (`unsent` > 0); the screen
 * calls again with `discard: true` once the user agreed, and they are removed with the session. Unsent writes are
 * never shown to another user of the device (src/features/outbox/store.ts owners).
 */
export function useLogout(scope: SessionScope = 'user', to: AppPath = '/') {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [unsent, setUnsent] = useState(0);
  const logout = useCallback(
    async (options: { discard?: boolean; keepUnsent?: boolean } = {}) => {
      setPending(true);
      setFailed(false);
      try {
        const owner = currentOwner();
        // Kept (`keepUnsent`, the idle countdown's "Log out"): they stay this user's, sent at their next sign-in.
        const records = scope === 'user' && !options.keepUnsent ? await listRecords(owner).catch(() => []) : [];
        if (records.length > 0 && !options.discard) {
          setUnsent(records.length);
          return false;
        }
        await signOut(scope);
        setUnsent(0);
        for (const r of records) await deleteRecord(r.id).catch(() => undefined);
        void navigate({ to, replace: true });
        return true;
      } catch {
        setFailed(true);
        return false;
      } finally {
        setPending(false);
      }
    },
    [navigate, scope, to],
  );
  return { logout, pending, failed, dismiss: () => setFailed(false), unsent, keep: () => setUnsent(0) };
}
