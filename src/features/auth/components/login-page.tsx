import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TSignedIn, TUserKind } from '../../../../contract/identity.ts';
import { APP_KIND } from '../../../lib/constants.ts';
import { completeSignIn } from '../../../lib/session-api.ts';
import { authMetaQuery, staffUserTypesQuery } from '../api/auth.ts';
import { SignInFlow, type SignInType } from './sign-in-flow.tsx';
import { forgetSessionExpired, rememberRedirect, sessionExpiredNote } from '../redirect.ts';

const route = getRouteApi('/login');

/** The staff builds sign in their own kinds of account (agents also at /agent-login). */
const ofThisBuild = (kind: TUserKind): boolean =>
  APP_KIND === 'agent' ? kind === 'agent' || kind === 'agent_employee' : kind === APP_KIND;

export function LoginPage() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const search = route.useSearch();
  const navigate = useNavigate();
  const staff = APP_KIND !== 'citizen';
  // After an idle sign-out, say why the user is here (the note is read once).
  const [expired] = useState(() => search.expired === true || sessionExpiredNote());
  useEffect(() => forgetSessionExpired(), []);
  const typesQuery = useQuery({ ...staffUserTypesQuery(), enabled: staff });
  const types: SignInType[] = useMemo(
    () =>
      staff
        ? (typesQuery.data ?? []).filter((x) => ofThisBuild(x.kind)).map((x) => ({ userSlug: x.userSlug, label: x.label[lang] }))
        : [{ userSlug: 'citizen', label: t`Citizen` }],
    [staff, typesQuery.data, lang, t],
  );

  const onSignedIn = (result: TSignedIn) => {
    completeSignIn(result, 'user');
    void navigate({ href: search.redirect ?? '/', replace: true });
  };

  return (
    <div className="py-4">
      <SignInFlow
        scope="user"
        title={<Trans>Sign in</Trans>}
        types={types}
        onSignedIn={onSignedIn}
        onMobileUnverified={(step) =>
          void navigate({
            to: '/mobileNumber-validate',
            search: {
              token: step.verificationToken,
              masked: step.mobileMasked,
              resend: step.resendAfterSeconds,
              ...(search.redirect ? { redirect: search.redirect } : {}),
            },
          })
        }
        notice={
          expired ? (
            <div role="status" className="rounded-xl bg-warning-bg p-4 text-warning-ink">
              <Trans>Your session has expired because you were inactive. Please sign in again.</Trans>
            </div>
          ) : undefined
        }
        footer={
          <div className="mt-4 grid gap-3">
            {APP_KIND === 'citizen' && <ExternalSignIn target={search.redirect} />}
            <p className="flex flex-wrap items-center justify-between gap-2">
              <Link to="/forget-password/$step" params={{ step: 'validate' }} className="nav-link underline">
                <Trans>Forgot your password?</Trans>
              </Link>
              {APP_KIND === 'citizen' && (
                <span className="inline-flex items-center gap-1">
                  <Trans>New to Kahraba?</Trans>
                  <Link
                    to="/signup"
                    search={search.redirect ? { redirect: search.redirect } : {}}
                    className="nav-link font-semibold underline"
                  >
                    <Trans>Create an account</Trans>
                  </Link>
                </span>
              )}
            </p>
          </div>
        }
      />
    </div>
  );
}

/** "Sign in with <provider>" when external sign-in (OpenID Connect) is configured. */
function ExternalSignIn({ target }: { target: string | undefined }) {
  const meta = useQuery(authMetaQuery(`${window.location.origin}/auth-callback`));
  const url = meta.data?.enabled ? meta.data.authorizationUrl : null;
  if (!url || !meta.data?.providerName) return null;
  const providerName = meta.data.providerName;
  return (
    <>
      <p className="flex items-center gap-3 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        <Trans>or</Trans>
        <span className="h-px flex-1 bg-line" />
      </p>
      <a href={url} className="btn-outline w-full" onClick={() => rememberRedirect(target)}>
        <Trans>Sign in with {providerName}</Trans>
      </a>
    </>
  );
}
