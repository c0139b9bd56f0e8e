import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ZOtpCode } from '../../../../contract/identity.ts';
import { Field } from '../../../components/ui/field.tsx';
import { totpConfirm, totpRemove, totpSetup } from '../api/auth.ts';
import { ConfirmRemoval, type SecurityCardProps } from './security-parts.tsx';

export type TotpSetup = { secret: string; qrSvg: string };

/**
 * The authenticator app (TOTP, RFC 6238) card of the security section: set it up (QR code, key, a code to confirm)
 * or remove it. `setup` is the section's: an expired set-up is closed by the section's error handling.
 */
export function TotpCard({
  id,
  setup,
  setSetup,
  onInvalidCode,
  ...p
}: SecurityCardProps & {
  id: string;
  setup: TotpSetup | null;
  setSetup: (s: TotpSetup | null) => void;
  /** The code is not 6 digits: the section shows why. */
  onInvalidCode: (message: string) => void;
}) {
  const { t } = useLingui();
  const { user, busy, run, confirming, setConfirming } = p;
  const [code, setCode] = useState('');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // The enrolment form appears: its code field takes the focus (the QR code and key are read before it).
  useEffect(() => {
    if (setup) codeRef.current?.focus();
  }, [setup]);

  const startTotp = () =>
    run('totp-setup', async () => {
      const s = await totpSetup(user);
      setSetup({ secret: s.secret, qrSvg: s.qrSvg });
      setCode('');
    });

  const confirmTotp = (e: FormEvent) => {
    e.preventDefault();
    // The contract's rule (Arabic-Indic digits and spaces accepted), as the server applies it.
    const parsed = ZOtpCode.safeParse(code);
    if (!parsed.success) {
      setCodeInvalid(true);
      onInvalidCode(t`Enter the 6-digit code from your authenticator app.`);
      return;
    }
    const clean = parsed.data;
    void run(
      'totp-confirm',
      async () => {
        const updated = await totpConfirm(user, clean);
        setSetup(null);
        setCode('');
        return updated;
      },
      t`The authenticator app is now set up. You will be asked for a code when you sign in.`,
    );
  };

  return (
    <div className="rounded-xl border border-line bg-card p-4 sm:p-6">
      <h3 className="text-lg font-semibold">
        <Trans>Authenticator app</Trans>
      </h3>
      <p className="mt-1">
        {user.mfa.totp ? (
          <Trans>On: you enter a code from your authenticator app when you sign in.</Trans>
        ) : (
          <Trans>Off: use an app such as Google Authenticator or Microsoft Authenticator for codes.</Trans>
        )}
      </p>
      {!user.mfa.totp && !setup && (
        <button type="button" className="btn-primary mt-4" onClick={() => void startTotp()} disabled={busy !== null}>
          <Trans>Set up an authenticator app</Trans>
        </button>
      )}
      {user.mfa.totp && (
        <button
          type="button"
          className="btn-outline mt-4"
          onClick={() => setConfirming('totp')}
          disabled={busy !== null}
          aria-expanded={confirming === 'totp'}
        >
          <Trans>Remove the authenticator app</Trans>
        </button>
      )}
      {user.mfa.totp && confirming === 'totp' && (
        <ConfirmRemoval
          onConfirm={() => {
            setConfirming(null);
            void run('totp-remove', () => totpRemove(user), t`The authenticator app was removed.`);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {setup && (
        <div className="mt-4 grid gap-4">
          <ol className="grid list-decimal gap-2 ps-6">
            <li>
              <Trans>Scan this QR code with your authenticator app.</Trans>
            </li>
            <li>
              <Trans>Enter the 6-digit code the app shows.</Trans>
            </li>
          </ol>
          <div
            role="img"
            aria-label={t`QR code to add your account to an authenticator app`}
            className="size-48 rounded-lg bg-white p-2 [&>svg]:size-full"
            // The server renders this SVG from the otpauth address it generated: no user input reaches it.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div>
            <p id={`${id}-secret-label`} className="font-medium">
              <Trans>Cannot scan? Enter this key in the app instead:</Trans>
            </p>
            <code
              data-secret={setup.secret}
              dir="ltr"
              className="mt-1 inline-block rounded bg-surface px-2 py-1 font-mono text-lg break-all select-all"
            >
              {setup.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
          </div>
          <form noValidate onSubmit={confirmTotp} className="grid gap-3 sm:max-w-xs">
            <Field id={`${id}-code`} label={<Trans>Code from the app</Trans>}>
              {(control) => (
                <input
                  {...control}
                  ref={codeRef}
                  className="input text-center tracking-widest"
                  dir="ltr"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={12}
                  value={code}
                  aria-invalid={codeInvalid || undefined}
                  onChange={(e) => {
                    setCode(e.target.value);
                    setCodeInvalid(false);
                  }}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={busy !== null}>
                <Trans>Confirm</Trans>
              </button>
              <button type="button" className="btn-outline" onClick={() => setSetup(null)}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}
