import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  ZProfilePatch,
  isStrongPassword,
  type TCurrentUser,
  type TProfilePatch,
  latinDigits,
} from '../../../../contract/identity.ts';
import type { TLang } from '../../../../contract/common.ts';
import { useChangePassword, useGovernorates, useUpdateProfile } from '../api/profile.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { contractIssues, textOf } from '../../forms/values.ts';
import type { FieldIssue } from '../../../lib/field-messages.ts';
import { ApiError } from '../../../lib/api-client.ts';

// Our own forms: their rules are these keywords and the contract's checks (ZProfilePatch), which the server
// applies too. The read-only account data has no type: it is shown, not checked.
const PASSPORT_PATTERN = /^[A-Za-z0-9]*$/.source;
const PROFILE_SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['firstName', 'lastName'],
  properties: {
    username: { readOnly: true },
    nationalId: { readOnly: true },
    mobile: { readOnly: true },
    firstName: { type: 'string', minLength: 2, maxLength: 50 },
    lastName: { type: 'string', minLength: 2, maxLength: 50 },
    email: { type: 'string', maxLength: 254 },
    phone: { type: 'string', maxLength: 20 },
    landline: { type: 'string', maxLength: 20 },
    homeAddress: { type: 'string', maxLength: 200 },
    governorate: { type: 'string', maxLength: 64 },
    nationality: { type: 'string', maxLength: 60 },
    passportNumber: { type: 'string', maxLength: 20, pattern: PASSPORT_PATTERN },
    job: { type: 'string', maxLength: 80 },
  },
};
const PASSWORD_SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['oldPassword', 'newPassword', 'confirmPassword'],
  properties: {
    oldPassword: { type: 'string', maxLength: 128 },
    newPassword: { type: 'string', maxLength: 128 },
    confirmPassword: { type: 'string', maxLength: 128 },
  },
};
/** Digits as typed (Arabic-Indic accepted), without spaces and dashes. */
const normaliseDigits = (s: string): string => latinDigits(s).replace(/[\s-]/g, '');

const EDIT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'landline',
  'homeAddress',
  'governorate',
  'nationality',
  'passportNumber',
  'job',
] as const;

export function ProfileEditForm({
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
  const lang = i18n.locale as TLang;
  const governorates = useGovernorates();
  const uiSchema = useMemo<UiSchema>(
    () => ({
      username: { 'ui:title': t`Username`, 'ui:options': { dir: 'ltr' } },
      nationalId: { 'ui:title': t`National ID`, 'ui:options': { dir: 'ltr' } },
      mobile: { 'ui:title': t`Mobile number`, 'ui:options': { dir: 'ltr' } },
      firstName: { 'ui:widget': 'text', 'ui:title': t`First name` },
      lastName: { 'ui:widget': 'text', 'ui:title': t`Last name` },
      email: { 'ui:widget': 'email', 'ui:title': t`E-mail address` },
      phone: { 'ui:widget': 'phone', 'ui:title': t`Other phone number` },
      landline: {
        'ui:widget': 'phone',
        'ui:title': t`Landline`,
        'ui:help': t`The area code then the number, for example 0223456789.`,
      },
      homeAddress: { 'ui:widget': 'textarea', 'ui:title': t`Home address` },
      governorate: {
        'ui:widget': 'select',
        'ui:title': t`Governorate`,
        'ui:help': t`Forms that ask for a governorate open with this one.`,
        'ui:options': { options: (governorates.data ?? []).map((g) => ({ value: g.id, label: g.name[lang] })) },
      },
      nationality: { 'ui:widget': 'text', 'ui:title': t`Nationality` },
      passportNumber: {
        'ui:widget': 'text',
        'ui:title': t`Passport number`,
        'ui:options': { dir: 'ltr', customRegexError: t`Use English letters and digits only.` },
      },
      job: { 'ui:widget': 'text', 'ui:title': t`Job` },
    }),
    [t, governorates.data, lang],
  );
  const toBody = (v: FormValues): TProfilePatch => {
    const body: TProfilePatch = {};
    for (const k of EDIT_FIELDS) body[k] = k === 'phone' || k === 'landline' ? normaliseDigits(textOf(v, k)) : textOf(v, k);
    return body;
  };
  const [initial] = useState<FormValues>(() => {
    const given: Record<string, string | null | undefined> = {
      username: user.username,
      nationalId: user.nationalId,
      mobile: user.mobile,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.profile.phone,
      landline: user.profile.landline,
      homeAddress: user.profile.homeAddress,
      governorate: user.profile.governorate,
      nationality: user.profile.nationality,
      passportNumber: user.profile.passportNumber,
      job: user.profile.job,
    };
    return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  });

  const onValid = (v: FormValues) => {
    const body = toBody(v);
    update.mutate(body, {
      onSuccess: (updated) => onDone(updated.email && updated.email !== user.email ? 'saved-email' : 'saved'),
    });
  };

  return (
    <div className="mt-3 flex flex-col gap-4">
      <p className="text-sm text-ink-muted">
        <Trans>Your username, national ID and mobile number cannot be changed here.</Trans>
      </p>
      <SchemaForm
        schema={PROFILE_SCHEMA}
        uiSchema={uiSchema}
        validator={plainFormValidator}
        formData={initial}
        check={(v) => contractIssues(ZProfilePatch.safeParse(toBody(v)))}
        onSubmit={onValid}
        serverError={update.error ?? undefined}
        describeError={(e) => authErrorMessages(i18n, e)}
        submitLabel={<Trans>Save changes</Trans>}
        pendingLabel={<Trans>Saving…</Trans>}
        pending={update.isPending}
        extraButtons={
          <button type="button" className="btn-outline" onClick={onCancel} disabled={update.isPending}>
            <Trans>Cancel</Trans>
          </button>
        }
      />
    </div>
  );
}

export function ChangePasswordSection({ user }: { user: TCurrentUser }) {
  const { t, i18n } = useLingui();
  const change = useChangePassword(user);
  const [done, setDone] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [newPassword, setNewPassword] = useState('');
  const checklistId = 'change-password-rules';
  const uiSchema = useMemo<UiSchema>(
    () => ({
      oldPassword: { 'ui:widget': 'password', 'ui:title': t`Current password` },
      newPassword: { 'ui:widget': 'password', 'ui:title': t`New password`, 'ui:options': { afterId: checklistId } },
      confirmPassword: { 'ui:widget': 'password', 'ui:title': t`Confirm the new password` },
    }),
    [t],
  );
  const check = (v: FormValues): Record<string, FieldIssue> => {
    const e: Record<string, FieldIssue> = {};
    const next = typeof v.newPassword === 'string' ? v.newPassword : '';
    if (next && !isStrongPassword(next)) e.newPassword = { code: 'password-weak' };
    else if (next && next === v.oldPassword) e.newPassword = { code: 'password-same' };
    if (v.confirmPassword && v.confirmPassword !== next) e.confirmPassword = { code: 'password-mismatch' };
    return e;
  };
  // Codes without field errors still belong to a field.
  const serverError = useMemo(() => {
    const code = change.error instanceof ApiError ? change.error.code : '';
    if (code === 'OLD_PASSWORD_REQUIRED') return { oldPassword: ['required'] };
    if (code === 'NEW_PASSWORD_REQUIRED') return { newPassword: ['required'] };
    return change.error ?? undefined;
  }, [change.error]);

  const onValid = (v: FormValues) => {
    setDone(false);
    change.mutate(
      { oldPassword: String(v.oldPassword), newPassword: String(v.newPassword), confirmPassword: String(v.confirmPassword) },
      {
        onSuccess: () => {
          // A new, empty form: the passwords are not kept once changed.
          setFormKey((k) => k + 1);
          setNewPassword('');
          setDone(true);
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
      <div className="mt-3">
        <SchemaForm
          key={formKey}
          schema={PASSWORD_SCHEMA}
          uiSchema={uiSchema}
          validator={plainFormValidator}
          check={check}
          after={{ newPassword: <PasswordChecklist id={checklistId} value={newPassword} /> }}
          onChange={(v) => setNewPassword(typeof v.newPassword === 'string' ? v.newPassword : '')}
          onSubmit={onValid}
          serverError={serverError}
          describeError={(e) => authErrorMessages(i18n, e)}
          submitLabel={<Trans>Change password</Trans>}
          pendingLabel={<Trans>Saving…</Trans>}
          pending={change.isPending}
        />
      </div>
    </section>
  );
}
