import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod/mini';
import type { TFieldsSchema } from '../../contract/catalog.ts';
import { ZProfilePatch, isStrongPassword, type TCurrentUser, type TProfilePatch } from '../../contract/identity.ts';
import { useChangePassword, useUpdateProfile } from '../features/account/api/profile.ts';
import { PasswordChecklist } from '../features/account/components/password-checklist.tsx';
import { authErrorMessages } from '../lib/auth-errors.ts';
import { SecuritySettings } from '../features/auth/components/security-settings.tsx';
import { issuesToFieldErrors, normaliseDigits, type FieldErrors, type FormValues } from '../features/forms/rules.ts';
import { ErrorSummary, SchemaFields } from '../features/forms/schema-fields.tsx';
import { textOf, useSchemaForm } from '../features/forms/use-schema-form.ts';
import { RowsSkeleton } from '../components/skeleton.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useCurrentUser } from '../lib/session.ts';
import { localDigits } from '../lib/locale.ts';
import type { TLang } from '../../contract/common.ts';

const ZSearch = z.object({ edit: z.optional(z.catch(z.boolean(), false)) });

export const Route = createFileRoute('/profile/')({
  validateSearch: (s) => ZSearch.parse(s),
  component: ProfilePage,
});

const L = (s: string) => ({ ar: s, en: s });
const PASSPORT_RE = /^[A-Za-z0-9]*$/.source;

function ProfilePage() {
  const user = useCurrentUser();
  const { edit = false } = Route.useSearch();
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
          <SecuritySettings user={user} />
        </>
      )}
    </div>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-line py-2 last:border-b-0 sm:flex-row sm:gap-4">
      <dt className="text-sm text-ink-muted sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function ProfileView({ user }: { user: TCurrentUser }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const none = <span className="font-normal text-ink-muted">{t`Not provided`}</span>;
  const ltr = (v: string | null | undefined) => (v ? <bdi dir="ltr">{v}</bdi> : none);
  const text = (v: string | null | undefined) => (v ? <bdi>{v}</bdi> : none);
  return (
    <dl className="mt-3">
      <Row label={<Trans>Full name</Trans>}>{text(user.fullName)}</Row>
      <Row label={<Trans>Username</Trans>}>{ltr(user.username)}</Row>
      <Row label={<Trans>Account number</Trans>}>{ltr(user.ID)}</Row>
      <Row label={<Trans>E-mail address</Trans>}>
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
      </Row>
      <Row label={<Trans>Mobile number</Trans>}>{ltr(user.mobile)}</Row>
      <Row label={<Trans>National ID</Trans>}>{ltr(user.nationalId)}</Row>
      <Row label={<Trans>Age</Trans>}>{user.age !== null ? localDigits(lang, user.age) : none}</Row>
      <Row label={<Trans>Other phone number</Trans>}>{ltr(user.profile.phone)}</Row>
      <Row label={<Trans>Home address</Trans>}>{text(user.profile.homeAddress)}</Row>
      <Row label={<Trans>Nationality</Trans>}>{text(user.profile.nationality)}</Row>
      <Row label={<Trans>Passport number</Trans>}>{ltr(user.profile.passportNumber)}</Row>
      <Row label={<Trans>Job</Trans>}>{text(user.profile.job)}</Row>
    </dl>
  );
}

const EDIT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'homeAddress', 'nationality', 'passportNumber', 'job'] as const;

function ProfileEditForm({
  user,
  onDone,
  onCancel,
}: {
  user: TCurrentUser;
  onDone: (r: 'saved' | 'saved-email') => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const update = useUpdateProfile(user);
  const schema = useMemo<TFieldsSchema>(
    () => ({
      username: { type: 'text', label: L(t`Username`), editable: false },
      nationalId: { type: 'nationalId', label: L(t`National ID`), editable: false },
      mobile: { type: 'phone', label: L(t`Mobile number`), editable: false },
      firstName: { type: 'text', label: L(t`First name`), min: 2, max: 50 },
      lastName: { type: 'text', label: L(t`Last name`), min: 2, max: 50 },
      email: { type: 'email', label: L(t`E-mail address`), optional: true },
      phone: { type: 'phone', label: L(t`Other phone number`), optional: true },
      homeAddress: { type: 'textarea', label: L(t`Home address`), optional: true, max: 200 },
      nationality: { type: 'text', label: L(t`Nationality`), optional: true, max: 60 },
      passportNumber: {
        type: 'text',
        label: L(t`Passport number`),
        optional: true,
        max: 20,
        regExp: PASSPORT_RE,
        customRegexError: L(t`Use English letters and digits only.`),
      },
      job: { type: 'text', label: L(t`Job`), optional: true, max: 80 },
    }),
    [t],
  );
  const toBody = (v: FormValues): TProfilePatch => {
    const body: TProfilePatch = {};
    for (const k of EDIT_FIELDS) body[k] = k === 'phone' ? normaliseDigits(textOf(v, k)) : textOf(v, k);
    return body;
  };
  const form = useSchemaForm(schema, {
    initial: {
      username: user.username,
      nationalId: user.nationalId ?? '',
      mobile: user.mobile ?? '',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? '',
      phone: user.profile.phone ?? '',
      homeAddress: user.profile.homeAddress ?? '',
      nationality: user.profile.nationality ?? '',
      passportNumber: user.profile.passportNumber ?? '',
      job: user.profile.job ?? '',
    },
    check: (v) => {
      const r = ZProfilePatch.safeParse(toBody(v));
      return r.success ? {} : issuesToFieldErrors(r.error.issues);
    },
  });

  const onValid = (v: FormValues) => {
    const body = toBody(v);
    update.mutate(body, {
      onSuccess: (updated) => onDone(updated.email && updated.email !== user.email ? 'saved-email' : 'saved'),
      onError: (err) => form.showServerError(err),
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-3 flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        <Trans>Your username, national ID and mobile number cannot be changed here.</Trans>
      </p>
      <ErrorSummary form={form} describe={(e) => authErrorMessages(i18n, e)} />
      <SchemaFields
        form={form}
        extras={{
          username: { dir: 'ltr' },
          nationalId: { dir: 'ltr' },
          mobile: { dir: 'ltr' },
          passportNumber: { dir: 'ltr' },
        }}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
        </button>
        <button type="button" className="btn-outline" onClick={onCancel} disabled={update.isPending}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

function ChangePasswordSection({ user }: { user: TCurrentUser }) {
  const { t, i18n } = useLingui();
  const change = useChangePassword(user);
  const [done, setDone] = useState(false);
  const schema = useMemo<TFieldsSchema>(
    () => ({
      oldPassword: { type: 'password', label: L(t`Current password`) },
      newPassword: { type: 'password', label: L(t`New password`) },
      confirmPassword: { type: 'password', label: L(t`Confirm the new password`) },
    }),
    [t],
  );
  const form = useSchemaForm(schema, {
    check: (v) => {
      const e: FieldErrors = {};
      const next = String(v.newPassword ?? '');
      if (next && !isStrongPassword(next)) e.newPassword = { code: 'password-weak' };
      else if (next && next === v.oldPassword) e.newPassword = { code: 'password-same' };
      if (v.confirmPassword && v.confirmPassword !== next) e.confirmPassword = { code: 'password-mismatch' };
      return e;
    },
  });
  const checklistId = `${form.idPrefix}-password-rules`;

  const onValid = (v: FormValues) => {
    setDone(false);
    change.mutate(
      { oldPassword: String(v.oldPassword), newPassword: String(v.newPassword), confirmPassword: String(v.confirmPassword) },
      {
        onSuccess: () => {
          form.reset();
          setDone(true);
        },
        onError: (err) => {
          // Codes without field errors still belong to a field.
          const code = err instanceof ApiError ? err.code : '';
          if (code === 'OLD_PASSWORD_REQUIRED') form.showErrors({ oldPassword: { code: 'required' } });
          else if (code === 'NEW_PASSWORD_REQUIRED') form.showErrors({ newPassword: { code: 'required' } });
          else form.showServerError(err);
        },
      },
    );
  };

  return (
    <section aria-labelledby="change-password" className="rounded-xl border border-line bg-card p-4">
      <h2 id="change-password" className="text-lg font-semibold">
        <Trans>Change password</Trans>
      </h2>
      <div role="status">
        {done && (
          <p className="mt-3 rounded-lg bg-success-bg p-3 text-success-ink">
            <Trans>Your password has been changed. Your other signed-in devices have been signed out.</Trans>
          </p>
        )}
      </div>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="mt-3 flex flex-col gap-4">
        <ErrorSummary form={form} describe={(e) => authErrorMessages(i18n, e)} />
        <SchemaFields
          form={form}
          extras={{
            newPassword: {
              after: <PasswordChecklist id={checklistId} value={String(form.values.newPassword ?? '')} />,
              afterId: checklistId,
            },
          }}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? <Trans>Saving…</Trans> : <Trans>Change password</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
