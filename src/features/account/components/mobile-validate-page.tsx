import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useSendMobileCode, useVerifyMobile } from '../api/mobile-verification.ts';
import { CodeForm } from './code-form.tsx';
import { useResend } from '../use-countdown.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { completeSignIn } from '../../../lib/session-api.ts';
import { Notice } from '../../../components/ui/notice.tsx';

const route = getRouteApi('/mobileNumber-validate');

/**
 * The mobile verification step (after sign-up, or a sign-in with an unverified mobile): the search parameters
 * carry the step (`token` = verificationToken, `masked` = mobileMasked, `resend` = seconds before a resend)
 * and where to go afterwards (`redirect`, made safe by the route).
 */

export function MobileValidatePage() {
  const { token = '', masked = '', resend = 0, redirect } = route.useSearch();
  return (
    <section aria-labelledby="mobile-title" className="mx-auto max-w-xl">
      <h1 id="mobile-title" className="text-2xl font-bold">
        <Trans>Confirm your mobile number</Trans>
      </h1>
      {token ? <MobileCode token={token} masked={masked} resend={resend} redirect={redirect ?? '/'} /> : <StepGone />}
    </section>
  );
}

/** No step, or one the server no longer knows (tokenExpired, USER_NOT_FOUND_OR_ALREADY_VERIFIED). */
function StepGone() {
  return (
    <Notice tone="warning" live="alert" className="mt-4">
      <p>
        <Trans>This verification step is no longer available. Log in again, or create an account.</Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/login" className="btn-primary">
          <Trans>Log in</Trans>
        </Link>
        <Link to="/signup" className="btn-outline">
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </Notice>
  );
}

const GONE = ['tokenExpired', 'USER_NOT_FOUND_OR_ALREADY_VERIFIED'];
const isGone = (err: unknown) => err instanceof ApiError && GONE.includes(err.code);

function MobileCode({ token, masked, resend, redirect }: { token: string; masked: string; resend: number; redirect: string }) {
  const navigate = useNavigate();
  const verify = useVerifyMobile();
  const send = useSendMobileCode();
  const { left, result: resendResult, onSent, onFailed } = useResend(`mobile:${token.slice(0, 12)}`, resend);
  const [needsLogin, setNeedsLogin] = useState(false);
  if (isGone(verify.error) || isGone(send.error)) return <StepGone />;

  return (
    <div className="mt-4 flex flex-col gap-4">
      <p>
        <Trans>
          We sent a 6-digit code by SMS to <bdi dir="ltr">{masked}</bdi>. Enter it below.
        </Trans>
      </p>
      {needsLogin ? (
        <div role="status" className="rounded-xl bg-success-bg p-4 text-success-ink">
          <p>
            <Trans>Your mobile number is confirmed. Log in to continue.</Trans>
          </p>
          <Link to="/login" search={redirect === '/' ? {} : { redirect }} className="btn-primary mt-3">
            <Trans>Log in</Trans>
          </Link>
        </div>
      ) : (
        <CodeForm
          submitLabel={<Trans>Confirm</Trans>}
          pending={verify.isPending}
          error={verify.error}
          onSubmit={(code) =>
            verify.mutate(
              { verificationToken: token, code },
              {
                onSuccess: (result) => {
                  if (result.status === 'signed-in') {
                    completeSignIn(result);
                    void navigate({ href: redirect });
                  } else setNeedsLogin(true);
                },
              },
            )
          }
          onResend={() =>
            send.mutate(token, {
              onSuccess: (r) => onSent(r.resendAfterSeconds),
              onError: onFailed,
            })
          }
          resendPending={send.isPending}
          resendLeft={left}
          resendResult={resendResult}
        />
      )}
    </div>
  );
}
