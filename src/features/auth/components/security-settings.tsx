import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, isolateLtr } from '../../../lib/text/format.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ZOtpCode, type TCurrentUser } from '../../../../contract/identity.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { updateCurrentUser } from '../../../lib/session-api.ts';
import { passkeyOptions, passkeyRegister, passkeyRemove, totpConfirm, totpRemove, totpSetup } from '../api/auth.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { ErrorSummary } from '../../../components/error-summary.tsx';

type Setup = { secret: string; qrSvg: string };
type Busy = null | 'totp-setup' | 'totp-confirm' | 'totp-remove' | 'passkey-add' | `passkey-remove:${string}`;

/**
 * The profile's security section: authenticator app (TOTP, RFC 6238) and passkeys / security keys (WebAuthn).
 * The server refuses to remove a staff member's last second factor; its answer is shown as any other error.
 */
export function SecuritySettings({ user }: { user: TCurrentUser }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [keyName, setKeyName] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  // Removing a sign-in step is asked twice: 'totp' or the passkey's id while the question is on screen.
  const [confirming, setConfirming] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The enrolment form appears: its code field takes the focus (the QR code and key are read before it).
  useEffect(() => {
    if (setup) codeRef.current?.focus();
  }, [setup]);

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
      setErrors([t`Enter the 6-digit code from your authenticator app.`]);
      requestAnimationFrame(() => summaryRef.current?.focus());
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

  const addPasskey = () =>
    run(
      'passkey-add',
      async () => {
        const { options } = await passkeyOptions(user);
        const { startRegistration } = await import('@simplewebauthn/browser');
        // Cast, not a link: the contract's options are the WebAuthn JSON the library takes, without the DOM types.
        const response = await startRegistration({ optionsJSON: options as never });
        const updated = await passkeyRegister(
          user,
          keyName.trim() || t`Security key`,
          response as unknown as Record<string, unknown>,
        );
        setKeyName('');
        return updated;
      },
      t`The security key or passkey was added.`,
    );

  const passkeys = user.mfa.passkeys;

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
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-code`} className="font-medium">
                  <Trans>Code from the app</Trans>
                </label>
                <input
                  ref={codeRef}
                  id={`${id}-code`}
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
              </div>
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

      <div className="rounded-xl border border-line bg-card p-4 sm:p-6">
        <h3 className="text-lg font-semibold">
          <Trans>Security keys and passkeys</Trans>
        </h3>
        {passkeys.length === 0 ? (
          <p className="mt-1">
            <Trans>None yet. A passkey lets you confirm sign-in with your fingerprint, face, screen lock or a USB key.</Trans>
          </p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {passkeys.map((k) => {
              // A name someone typed keeps its own direction inside the label (first-strong isolate).
              const keyName = isolateLtr(k.name);
              const added = formatDate(i18n.locale as TLang, k.createdAt);
              return (
                <li key={k.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3">
                  <span className="flex-1">
                    <span className="block font-medium" dir="auto">
                      {k.name}
                    </span>
                    <span className="block text-sm text-ink-muted">
                      <Trans>Added {added}</Trans>
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn-outline"
                    aria-label={t`Remove ${keyName}`}
                    disabled={busy !== null}
                    aria-expanded={confirming === k.id}
                    onClick={() => setConfirming(k.id)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                  {confirming === k.id && (
                    <ConfirmRemoval
                      onConfirm={() => {
                        setConfirming(null);
                        void run(
                          // eslint-disable-next-line lingui/no-unlocalized-strings -- a state name, not interface text
                          `passkey-remove:${k.id}`,
                          () => passkeyRemove(user, k.id),
                          t`The security key or passkey was removed.`,
                        );
                      }}
                      onCancel={() => setConfirming(null)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div className="mt-4 grid gap-3 sm:max-w-sm">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-key-name`} className="font-medium">
              <Trans>Name (optional)</Trans>
            </label>
            <input
              id={`${id}-key-name`}
              className="input"
              dir="auto"
              maxLength={60}
              value={keyName}
              onChange={(e) => setKeyName(e.target.value)}
            />
          </div>
          <button type="button" className="btn-primary" onClick={() => void addPasskey()} disabled={busy !== null}>
            {busy === 'passkey-add' ? <Trans>Waiting for the security key…</Trans> : <Trans>Add a security key or passkey</Trans>}
          </button>
        </div>
      </div>
    </section>
  );
}

/** The second question before a sign-in step is removed: focus goes to it, and Cancel is the safe default. */
function ConfirmRemoval({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="mt-3 w-full rounded-lg border border-line bg-surface p-3">
      <p>
        <Trans>Remove it? Signing in will no longer ask for it.</Trans>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={onConfirm}>
          <Trans>Yes, remove it</Trans>
        </button>
        <button type="button" ref={cancelRef} className="btn-outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
