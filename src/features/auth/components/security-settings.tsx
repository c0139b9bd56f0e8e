import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { TCurrentUser } from '../../../../contract/identity.ts';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { updateCurrentUser } from '../../../lib/session-api.ts';
import { PasskeysCard } from './security-passkeys.tsx';
import type { Busy } from './security-parts.tsx';
import { TotpCard, type TotpSetup } from './security-totp.tsx';

/**
 * The profile's security section: authenticator app (TOTP, RFC 6238) and passkeys / security keys (WebAuthn).
 * The server refuses to remove a staff member's last second factor; its answer is shown as any other error.
 */
export function SecuritySettings({ user }: { user: TCurrentUser }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  // Removing a sign-in step is asked twice: 'totp' or the passkey's id while the question is on screen.
  const [confirming, setConfirming] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  /** The codes whose general message would mislead here get one about this screen. */
  const explain = (err: unknown): string[] => {
    if (err instanceof ApiError && err.code === 'NO_2FA_REGISTERED')
      return [t`Staff accounts must keep a second sign-in step. Add another one before removing this one.`];
    if (err instanceof ApiError && err.code === 'NO_CODE_WAS_SENT') {
      setSetup(null);
      return [t`The set-up has expired. Please start again.`];
    }
    return authErrorMessages(i18n, err);
  };

  const run = async (what: Exclude<Busy, null>, action: () => Promise<TCurrentUser | void>, success?: string) => {
    if (busy) return;
    setBusy(what);
    setErrors([]);
    setDone(null);
    try {
      const updated = await action();
      if (updated) updateCurrentUser(updated);
      if (success) setDone(success);
    } catch (err) {
      setErrors(explain(err));
      requestAnimationFrame(() => summaryRef.current?.focus());
    } finally {
      setBusy(null);
    }
  };

  const cards = { user, busy, run, confirming, setConfirming };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        <Trans>Sign-in security</Trans>
      </h2>
      <p className="text-ink-muted">
        <Trans>A second step at sign-in protects your account even if someone learns your password.</Trans>
      </p>
      <ErrorSummary ref={summaryRef} messages={errors} />
      <div role="status" className={done ? 'rounded-xl bg-success-bg p-4 text-success-ink' : 'sr-only'}>
        {done}
      </div>

      <TotpCard
        {...cards}
        id={id}
        setup={setup}
        setSetup={setSetup}
        onInvalidCode={(message) => {
          setErrors([message]);
          requestAnimationFrame(() => summaryRef.current?.focus());
        }}
      />
      <PasskeysCard {...cards} id={id} />
    </section>
  );
}
