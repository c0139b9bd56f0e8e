import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../../../lib/session.ts';
import { ResendEmailButton } from './resend-email-button.tsx';

/**
 * Spec section 2 "Alert banners": ask a signed-in user to add an e-mail address when there is none, or to verify
 * an unverified one (with a Resend button). Drawn under the header; nothing for visitors.
 */
export function AccountBanners() {
  return <EmailBanner />;
}

function EmailBanner() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!user || pathname === '/email-verify') return null;
  if (user.email && user.emailVerified) return null;
  const email = user.email ?? '';
  return (
    <div role="region" aria-label={t`Account notices`} className="border-b border-line bg-warning-bg text-warning-ink">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        {!user.email ? (
          <>
            <p>
              <Trans>Add your e-mail address to receive updates about your requests.</Trans>
            </p>
            <Link to="/profile" search={{ edit: true }} className="btn-outline">
              <Trans>Add e-mail address</Trans>
            </Link>
          </>
        ) : (
          <>
            <p>
              <Trans>
                Confirm your e-mail address <bdi dir="ltr">{email}</bdi> with the link we sent you.
              </Trans>
            </p>
            <ResendEmailButton user={user} />
          </>
        )}
      </div>
    </div>
  );
}
