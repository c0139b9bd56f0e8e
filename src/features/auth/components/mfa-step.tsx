import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ZOtpCode, type TSignedIn } from '../../../../contract/identity.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessages } from '../../../lib/error-display.ts';
import type { SessionScope } from '../../../lib/session.ts';
import { mfaTotp, mfaWebauthn, mfaWebauthnOptions, type MfaResult } from '../api/auth.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { Field } from '../../../components/ui/field.tsx';

type Props = {
  scope: SessionScope;
  userSlug: string;
  mfaToken: string;
  methods: ('totp' | 'webauthn')[];
  onSignedIn: (result: TSignedIn) => void;
  /** Back to the password step (with a message when the step expired). */
  onBack: (message?: string) => void;
};

/** Spec section 2 "Second-factor step: app code or hardware key" (TOTP, or a security key / passkey). */
export function MfaStep({ scope, userSlug, mfaToken, methods, onSignedIn, onBack }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const summaryId = [id, 'summary'].join('-');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState<'totp' | 'webauthn' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const hasTotp = methods.includes('totp');
  const hasKey = methods.includes('webauthn');

  useEffect(() => headingRef.current?.focus(), []);

  const fail = (err: unknown) => {
    // The step's token is single-use and short-lived: once it is gone, start again from the password.
    if (err instanceof ApiError && err.code === 'GRANT_EXPIRED') {
      onBack(errorMessages(i18n, { code: 'GRANT_EXPIRED' })[0]);
      return;
    }
    setErrors(authErrorMessages(i18n, err));
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const finish = (r: MfaResult) => {
    if (r.status === 'signed-in') onSignedIn(r);
    else throw new ApiError('U2F_SIGN_Failed', 0, 'unexpected answer');
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    // The contract's rule (Arabic-Indic digits and spaces accepted), as the server applies it.
    const parsed = ZOtpCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(true);
      setErrors([t`Enter the 6-digit code from your authenticator app.`]);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const clean = parsed.data;
    setErrors([]);
    setPending('totp');
    try {
      finish(await mfaTotp(scope, userSlug, mfaToken, clean));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WRONG_OTP') setCodeError(true);
      fail(err);
    } finally {
      setPending(null);
    }
  };

  const useKey = async () => {
    if (pending) return;
    setErrors([]);
    setPending('webauthn');
    try {
      const r = await mfaWebauthnOptions(scope, userSlug, mfaToken);
      if (r.status !== 'webauthn-options') throw new ApiError('U2F_SIGN_Failed', 0, 'unexpected answer');
      const { startAuthentication } = await import('@simplewebauthn/browser');
      // Cast, not a link: the contract's options are the WebAuthn JSON the library takes, without the DOM types.
      const response = await startAuthentication({ optionsJSON: r.options as never });
      finish(await mfaWebauthn(scope, userSlug, mfaToken, response as unknown as Record<string, unknown>));
    } catch (err) {
      fail(err);
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-md">
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        <Trans>Confirm it is you</Trans>
      </h1>
      <p className="mt-2 text-ink-muted">
        {hasTotp && hasKey ? (
          <Trans>Enter the code from your authenticator app, or use your security key or passkey.</Trans>
        ) : hasKey ? (
          <Trans>Use your security key or passkey to finish signing in.</Trans>
        ) : (
          <Trans>Enter the code from your authenticator app to finish signing in.</Trans>
        )}
      </p>
      <div id={summaryId} className="mt-4">
        <ErrorSummary ref={summaryRef} messages={errors} />
      </div>
      <div className="mt-4 grid gap-4 rounded-xl border border-line bg-card p-4 sm:p-6">
        {hasTotp && (
          <form noValidate onSubmit={submitCode} className="grid gap-3">
            <Field
              id={`${id}-code`}
              label={<Trans>Authenticator app code</Trans>}
              hint={<Trans>6 digits</Trans>}
              invalid={codeError}
              describedBy={codeError ? summaryId : undefined}
            >
              <input
                name="code"
                className="input text-center text-lg tracking-widest"
                dir="ltr"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeError(false);
                }}
              />
            </Field>
            <button type="submit" className="btn-primary w-full" disabled={pending !== null}>
              {pending === 'totp' ? <Trans>Checking…</Trans> : <Trans>Verify</Trans>}
            </button>
          </form>
        )}
        {hasTotp && hasKey && (
          <p className="text-center text-sm text-ink-muted" aria-hidden="true">
            <Trans>or</Trans>
          </p>
        )}
        {hasKey && (
          <button
            type="button"
            className={hasTotp ? 'btn-outline w-full' : 'btn-primary w-full'}
            onClick={useKey}
            disabled={pending !== null}
          >
            {pending === 'webauthn' ? <Trans>Waiting for the security key…</Trans> : <Trans>Use a security key or passkey</Trans>}
          </button>
        )}
      </div>
      <button type="button" className="nav-link mt-4 underline" onClick={() => onBack()}>
        <Trans>Back to sign-in</Trans>
      </button>
    </section>
  );
}
