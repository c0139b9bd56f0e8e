import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { latinDigits, type TMobileVerificationStep, type TSignedIn } from '../../../../contract/identity.ts';
import type { SessionScope } from '../../../lib/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { login } from '../api/auth.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { MfaStep } from './mfa-step.tsx';

export type SignInType = { userSlug: string; label: string };

type Props = {
  scope: SessionScope;
  title: ReactNode;
  /** The user types offered (staff builds); one type means no choice is shown. */
  types: SignInType[];
  onSignedIn: (result: TSignedIn) => void;
  onMobileUnverified?: (step: TMobileVerificationStep) => void;
  /** Shown above the form (the idle sign-out notice). */
  notice?: ReactNode;
  /** Below the form: sign-up and forgot-password links, external sign-in. */
  footer?: ReactNode;
};

type Mfa = { userSlug: string; mfaToken: string; methods: ('totp' | 'webauthn')[] };

const LAST_TYPE = 'lastUserSlug';
const lastType = (types: readonly SignInType[]): string | undefined => {
  const last = localStorage.getItem(LAST_TYPE);
  return types.some((x) => x.userSlug === last) ? (last ?? undefined) : undefined;
};

/**
 * The sign-in steps on one page: credentials, then the second factor when the account has one. Nothing typed is
 * cleared on an error; the error summary takes the focus and the fields say which one is wrong.
 */
export function SignInFlow({ scope, title, types, onSignedIn, onMobileUnverified, notice, footer }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const summaryId = [id, 'summary'].join('-');
  // The account type this device last signed in with comes first (decision 050: the assigner is of another type
  // than the default one); what a type is called is public, whose account it is is not.
  const [userSlug, setUserSlug] = useState(() => lastType(types) ?? types[0]?.userSlug ?? 'citizen');
  const [typeInvalid, setTypeInvalid] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [mfa, setMfa] = useState<Mfa | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [stepChanged, setStepChanged] = useState(false);

  // The chosen type follows the list once it arrives (staff builds load it).
  useEffect(() => {
    if (types.length > 0 && !types.some((x) => x.userSlug === userSlug)) setUserSlug(lastType(types) ?? types[0]!.userSlug);
  }, [types, userSlug]);

  // Back from the second-factor step: the heading of the credentials step takes the focus again.
  useEffect(() => {
    if (stepChanged && !mfa) headingRef.current?.focus();
  }, [mfa, stepChanged]);

  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const fe: typeof fieldErrors = {};
    if (!username.trim()) fe.username = t`Enter your username, e-mail, mobile number or national ID.`;
    if (!password) fe.password = t`Enter your password.`;
    setFieldErrors(fe);
    if (fe.username || fe.password) {
      setErrors(Object.values(fe));
      focusSummary();
      return;
    }
    // The staff builds' account types are still loading: the choice is not made yet (the button waits too).
    if (types.length === 0) return;
    setErrors([]);
    setPending(true);
    try {
      const result = await login(scope, userSlug, latinDigits(username.trim()), password);
      setTypeInvalid(false);
      if (types.length > 1) localStorage.setItem(LAST_TYPE, userSlug);
      if (result.status === 'signed-in') onSignedIn(result);
      else if (result.status === 'mfa-required') {
        setStepChanged(true);
        setMfa({ userSlug, mfaToken: result.mfaToken, methods: result.methods });
      } else onMobileUnverified?.(result.step);
    } catch (err) {
      const wrong = err instanceof ApiError && (err.code === 'WRONG_CREDENTIALS' || err.code === 'LOGIN_FAILED');
      // With several account types, a wrong type answers as a wrong password does (the server looks the account
      // up in the chosen type only, and must not say whether it exists in another): the message names both causes,
      // and the type is marked with them (decision 050).
      setErrors(
        wrong && types.length > 1
          ? [
              t`The account type, the username or the password is wrong. Check that the account type is the one your account was created with, then the password.`,
            ]
          : authErrorMessages(i18n, err),
      );
      setTypeInvalid(wrong && types.length > 1);
      if (wrong) setFieldErrors({ username: ' ', password: ' ' });
      focusSummary();
    } finally {
      setPending(false);
    }
  };

  if (mfa)
    return (
      <MfaStep
        scope={scope}
        userSlug={mfa.userSlug}
        mfaToken={mfa.mfaToken}
        methods={mfa.methods}
        onSignedIn={onSignedIn}
        onBack={(message) => {
          setMfa(null);
          setErrors(message ? [message] : []);
        }}
      />
    );

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-md">
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {title}
      </h1>
      {notice && <div className="mt-4">{notice}</div>}
      <div id={summaryId} className="mt-4">
        <ErrorSummary ref={summaryRef} messages={errors} />
      </div>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 rounded-xl border border-line bg-card p-4 sm:p-6">
        {types.length > 1 && (
          <Field
            id={`${id}-type`}
            label={<Trans>Account type</Trans>}
            hint={<Trans>Each account signs in with its own type. Ask your administrator if you are not sure of yours.</Trans>}
            invalid={typeInvalid}
            describedBy={typeInvalid ? summaryId : undefined}
          >
            <select className="input" value={userSlug} onChange={(e) => setUserSlug(e.target.value)}>
              {types.map((x) => (
                <option key={x.userSlug} value={x.userSlug}>
                  {x.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field
          id={`${id}-username`}
          label={<Trans>Username, e-mail, mobile number or national ID</Trans>}
          invalid={Boolean(fieldErrors.username)}
          describedBy={fieldErrors.username ? summaryId : undefined}
        >
          <input
            name="username"
            className="input"
            dir="ltr"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              setFieldErrors((f) => ({ ...f, username: undefined }));
            }}
          />
        </Field>
        <PasswordInput
          id={`${id}-password`}
          label={<Trans>Password</Trans>}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldErrors((f) => ({ ...f, password: undefined }));
          }}
          invalid={Boolean(fieldErrors.password)}
          describedBy={fieldErrors.password ? summaryId : undefined}
        />
        <button type="submit" className="btn-primary w-full" disabled={pending || types.length === 0}>
          {pending ? <Trans>Signing in…</Trans> : <Trans>Sign in</Trans>}
        </button>
      </form>
      {footer}
    </section>
  );
}
