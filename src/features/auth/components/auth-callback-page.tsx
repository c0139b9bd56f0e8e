import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TLoginResult, TSignedIn } from '../../../../contract/identity.ts';
import { completeSignIn } from '../../../lib/session-api.ts';
import { exchangeToken } from '../api/auth.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { takeRememberedRedirect } from '../redirect.ts';
import { MfaStep } from './mfa-step.tsx';
import { Notice } from '../../../components/ui/notice.tsx';

const route = getRouteApi('/auth-callback');

// The provider's code is single-use: one exchange per code, whatever React does with effects.
const exchanges = new Map<string, Promise<TLoginResult>>();

/** The return address of external sign-in (spec section 2): exchanges the provider's code for a session. */
export function AuthCallbackPage() {
  const { i18n, t } = useLingui();
  const { code, state, iss, error } = route.useSearch();
  const navigate = useNavigate();
  // Nothing was exchanged yet: say what happened (the provider refused, or this address was opened by hand),
  // never "wrong username or password", which no one typed here.
  const [failure, setFailure] = useState<string[] | null>(
    error
      ? [t`The sign-in service did not complete the sign-in. Start again from the sign-in page.`]
      : !code || !state
        ? [t`This page only finishes a sign-in through an external service. Start again from the sign-in page.`]
        : null,
  );
  const [mfa, setMfa] = useState<Extract<TLoginResult, { status: 'mfa-required' }> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const finish = useCallback(
    (result: TSignedIn) => {
      completeSignIn(result, 'user');
      void navigate({ href: takeRememberedRedirect() ?? '/', replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (!code || !state || error) return;
    let promise = exchanges.get(code);
    if (!promise) {
      promise = exchangeToken(code, state, `${window.location.origin}/auth-callback`, iss);
      exchanges.set(code, promise);
    }
    let live = true;
    promise.then(
      (result) => {
        if (!live) return;
        if (result.status === 'signed-in') finish(result);
        else if (result.status === 'mobile-unverified') {
          void navigate({
            to: '/mobileNumber-validate',
            search: (() => {
              const redirect = takeRememberedRedirect();
              return {
                token: result.step.verificationToken,
                masked: result.step.mobileMasked,
                resend: result.step.resendAfterSeconds,
                ...(redirect ? { redirect } : {}),
              };
            })(),
            replace: true,
          });
        } else setMfa(result);
      },
      (err: unknown) => {
        if (live) setFailure(authErrorMessages(i18n, err));
      },
    );
    return () => {
      live = false;
    };
  }, [code, state, iss, error, navigate, i18n, finish]);

  useEffect(() => {
    if (failure) headingRef.current?.focus();
  }, [failure]);

  if (mfa && !failure)
    return (
      <MfaStep
        scope="user"
        userSlug="citizen"
        mfaToken={mfa.mfaToken}
        methods={mfa.methods}
        onSignedIn={finish}
        onBack={() => void navigate({ to: '/login' })}
      />
    );
  if (!failure)
    return (
      <div role="status" className="py-16 text-center">
        <h1 className="text-xl font-semibold">
          <Trans>Signing you in…</Trans>
        </h1>
      </div>
    );
  return (
    <section className="mx-auto max-w-md py-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        <Trans>Sign-in did not complete</Trans>
      </h1>
      <Notice tone="error" className="mt-4">
        {failure.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </Notice>
      <Link to="/login" className="btn-primary mt-6">
        <Trans>Back to sign-in</Trans>
      </Link>
    </section>
  );
}
