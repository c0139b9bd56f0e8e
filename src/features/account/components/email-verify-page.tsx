import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { TCurrentUser } from '../../../../contract/identity.ts';
import { useVerifyEmail } from '../api/email-verification.ts';
import { ResendEmailButton } from './resend-email-button.tsx';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { Notice } from '../../../components/ui/notice.tsx';

const route = getRouteApi('/email-verify');

export function EmailVerifyPage() {
  const { token } = route.useSearch();
  const user = useCurrentUser();
  return (
    <section aria-labelledby="email-verify-title" className="mx-auto max-w-xl">
      <h1 id="email-verify-title" className="text-2xl font-bold">
        <Trans>E-mail address confirmation</Trans>
      </h1>
      <div className="mt-4">
        {!user ? <RowsSkeleton count={2} /> : token ? <VerifyLink token={token} user={user} /> : <Status user={user} />}
      </div>
    </section>
  );
}

function Status({ user }: { user: TCurrentUser }) {
  if (!user.email)
    return (
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
        <p>
          <Trans>Your account has no e-mail address yet.</Trans>
        </p>
        <div>
          <Link to="/profile" search={{ edit: true }} className="btn-primary">
            <Trans>Add e-mail address</Trans>
          </Link>
        </div>
      </div>
    );
  const email = user.email;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
      {user.emailVerified ? (
        <p>
          <Trans>
            Your e-mail address <bdi dir="ltr">{email}</bdi> is confirmed.
          </Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>
              Your e-mail address <bdi dir="ltr">{email}</bdi> is not confirmed yet. Open the link in the e-mail we sent you, or
              ask for a new one.
            </Trans>
          </p>
          <div>
            <ResendEmailButton user={user} className="btn-primary" />
          </div>
        </>
      )}
    </div>
  );
}

function VerifyLink({ token, user }: { token: string; user: TCurrentUser }) {
  const { i18n } = useLingui();
  const verify = useVerifyEmail(user);
  const sent = useRef<string | undefined>(undefined);
  const { mutate } = verify;
  useEffect(() => {
    // Once per link, even when the effect runs twice (development) or the user object is replaced.
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    const email = verify.data.email;
    return (
      <div role="status" className="flex flex-col gap-3 rounded-xl bg-success-bg p-4 text-success-ink">
        <p>
          <Trans>
            Thank you: your e-mail address <bdi dir="ltr">{email}</bdi> is confirmed.
          </Trans>
        </p>
        <div>
          <Link to="/profile" className="btn-primary">
            <Trans>Go to my profile</Trans>
          </Link>
        </div>
      </div>
    );
  }
  if (verify.isError) {
    const code = verify.error instanceof ApiError ? verify.error.code : '';
    const message =
      code === 'notAuthorized' ? (
        <Trans>This link is not for the account you are signed in with, or it is no longer available.</Trans>
      ) : code === 'tokenExpired' ? (
        <Trans>This link has expired. Ask for a new one below.</Trans>
      ) : (
        authErrorMessages(i18n, verify.error)[0]
      );
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="error">
          <p>{message}</p>
        </Notice>
        {code !== 'alreadyVerified' && <Status user={user} />}
      </div>
    );
  }
  return (
    <p role="status">
      <Trans>Confirming your e-mail address…</Trans>
    </p>
  );
}
