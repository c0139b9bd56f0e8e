import { Trans, useLingui } from '@lingui/react/macro';
import type { TCurrentUser } from '../../../../contract/identity.ts';
import { useResendEmailVerification } from '../api/email-verification.ts';
import { resendErrorText, waitSecondsOf } from '../../../lib/auth-errors.ts';
import { useCountdown } from '../use-countdown.ts';

/** "Resend" for the e-mail verification link: says where it went, or how long to wait before asking again. */
export function ResendEmailButton({ user, className = 'btn-outline' }: { user: TCurrentUser; className?: string }) {
  const { i18n } = useLingui();
  const resend = useResendEmailVerification();
  const [left, restart] = useCountdown(`email:${user.id}`);
  const masked = resend.data?.emailMasked ?? '';
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        type="button"
        className={className}
        disabled={resend.isPending || left > 0}
        onClick={() =>
          resend.mutate(user, {
            onSuccess: (r) => restart(r.resendAfterSeconds),
            onError: (err) => {
              const wait = waitSecondsOf(err);
              if (wait) restart(wait);
            },
          })
        }
      >
        {left > 0 ? <Trans>Resend in {left} s</Trans> : <Trans>Resend the link</Trans>}
      </button>
      <span role="status">
        {resend.isSuccess && (
          <Trans>
            A new link was sent to <bdi dir="ltr">{masked}</bdi>.
          </Trans>
        )}
        {resend.isError && resendErrorText(i18n, resend.error, left)}
      </span>
    </span>
  );
}
