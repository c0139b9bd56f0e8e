import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { type SessionScope } from '../../lib/session.ts';
import { signOut } from '../../lib/session-api.ts';

/**
 * Log out (spec section 4 "Session"): the server forgets the session, then the device does, then the user goes
 * home. A failure keeps the session and is returned so that the screen offers a retry.
 */
export function useLogout(scope: SessionScope = 'user', to = '/') {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    setFailed(false);
    try {
      await signOut(scope);
      void navigate({ to: to as never, replace: true });
      return true;
    } catch {
      setFailed(true);
      return false;
    } finally {
      setPending(false);
    }
  }, [navigate, scope, to]);
  return { logout, pending, failed, dismiss: () => setFailed(false) };
}
