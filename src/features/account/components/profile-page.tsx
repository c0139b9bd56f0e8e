import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { type TCurrentUser } from '../../../../contract/identity.ts';
import { RowsSkeleton } from '../../../components/skeleton.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { localDigits } from '../../../lib/locale.ts';
import type { TLang } from '../../../../contract/common.ts';
import { ChangePasswordSection, ProfileEditForm } from './profile-forms.tsx';
import { useGovernorates } from '../api/profile.ts';

const route = getRouteApi('/profile/');

export function ProfilePage({ security }: { security: (user: TCurrentUser) => ReactNode }) {
  const user = useCurrentUser();
  const { edit = false } = route.useSearch();
  const navigate = useNavigate({ from: '/profile/' });
  const [saved, setSaved] = useState<'saved' | 'saved-email' | undefined>();
  const setEdit = (on: boolean) => void navigate({ search: on ? { edit: true } : {}, replace: true });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>My profile</Trans>
        </h1>
        <Link to="/profile/meters" className="btn-outline">
          <Trans>My meters</Trans>
        </Link>
      </div>
      {!user ? (
        <RowsSkeleton count={6} />
      ) : (
        <>
          <section aria-labelledby="profile-details" className="rounded-xl border border-line bg-card p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="profile-details" className="text-lg font-semibold">
                {edit ? <Trans>Edit profile</Trans> : <Trans>Account details</Trans>}
              </h2>
              {!edit && (
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => {
                    setSaved(undefined);
                    setEdit(true);
                  }}
                >
                  <Trans>Edit profile</Trans>
                </button>
              )}
            </div>
            <div role="status">
              {saved && !edit && (
                <p className="mt-3 rounded-lg bg-success-bg p-3 text-success-ink">
                  {saved === 'saved-email' ? (
                    <Trans>Your profile has been saved. We sent a link to confirm your new e-mail address.</Trans>
                  ) : (
                    <Trans>Your profile has been saved.</Trans>
                  )}
                </p>
              )}
            </div>
            {edit ? (
              <ProfileEditForm
                user={user}
                onDone={(result) => {
                  setSaved(result);
                  setEdit(false);
                }}
                onCancel={() => setEdit(false)}
              />
            ) : (
              <ProfileView user={user} />
            )}
          </section>
          <ChangePasswordSection user={user} />
          {security(user)}
        </>
      )}
    </div>
  );
}

function ProfileView({ user }: { user: TCurrentUser }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const none = <span className="font-normal text-ink-muted">{t`Not provided`}</span>;
  const ltr = (v: string | null | undefined) => (v ? <bdi dir="ltr">{v}</bdi> : none);
  const text = (v: string | null | undefined) => (v ? <bdi>{v}</bdi> : none);
  const governorates = useGovernorates();
  const governorate = user.profile.governorate;
  return (
    <LabelValueList className="mt-3">
      <LabelValue label={<Trans>Full name</Trans>}>{text(user.fullName)}</LabelValue>
      <LabelValue label={<Trans>Username</Trans>}>{ltr(user.username)}</LabelValue>
      <LabelValue label={<Trans>Account number</Trans>}>{ltr(user.ID)}</LabelValue>
      <LabelValue label={<Trans>E-mail address</Trans>}>
        {user.email ? (
          <span className="flex flex-wrap items-center gap-2">
            <bdi dir="ltr">{user.email}</bdi>
            {user.emailVerified ? (
              <span className="rounded-full bg-success-bg px-2 text-sm text-success-ink">
                <Trans>Confirmed</Trans>
              </span>
            ) : (
              <Link
                to="/email-verify"
                className="inline-flex min-h-6 items-center rounded-full bg-warning-bg px-2 text-sm text-warning-ink underline"
              >
                <Trans>Not confirmed</Trans>
              </Link>
            )}
          </span>
        ) : (
          none
        )}
      </LabelValue>
      <LabelValue label={<Trans>Mobile number</Trans>}>{ltr(user.mobile)}</LabelValue>
      <LabelValue label={<Trans>National ID</Trans>}>{ltr(user.nationalId)}</LabelValue>
      <LabelValue label={<Trans>Age</Trans>}>{user.age !== null ? localDigits(lang, user.age) : none}</LabelValue>
      <LabelValue label={<Trans>Other phone number</Trans>}>{ltr(user.profile.phone)}</LabelValue>
      <LabelValue label={<Trans>Landline</Trans>}>{ltr(user.profile.landline)}</LabelValue>
      <LabelValue label={<Trans>Home address</Trans>}>{text(user.profile.homeAddress)}</LabelValue>
      <LabelValue label={<Trans>Governorate</Trans>} testId="profile-governorate">
        {text(governorate && (governorates.data?.find((g) => g.id === governorate)?.name[lang] ?? governorate))}
      </LabelValue>
      <LabelValue label={<Trans>Nationality</Trans>}>{text(user.profile.nationality)}</LabelValue>
      <LabelValue label={<Trans>Passport number</Trans>}>{ltr(user.profile.passportNumber)}</LabelValue>
      <LabelValue label={<Trans>Job</Trans>}>{text(user.profile.job)}</LabelValue>
      {/* A company's account (decision 061): the numbers staff find it by, and who signs for it. */}
      {user.profile.commercialRegistration && (
        <>
          <LabelValue label={<Trans>Commercial registration number</Trans>} testId="profile-commercial-registration">
            {ltr(user.profile.commercialRegistration)}
          </LabelValue>
          <LabelValue label={<Trans>Tax registration number</Trans>}>{ltr(user.profile.taxNumber)}</LabelValue>
          <LabelValue label={<Trans>Authorised person</Trans>}>{text(user.profile.authorisedName)}</LabelValue>
          <LabelValue label={<Trans>Authorised person's national ID</Trans>}>{ltr(user.profile.authorisedNationalId)}</LabelValue>
        </>
      )}
    </LabelValueList>
  );
}
