import { getRouteApi, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ZResetPasswordBody } from '../../../../contract/identity.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { contractIssues } from '../../forms/values.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { StartAgain, readFlow, writeFlow } from './forgot-password-flow.tsx';

const route = getRouteApi('/forget-password/$step');

const RESET_SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['password', 'confirmPassword'],
  properties: { password: { type: 'string', maxLength: 128 }, confirmPassword: { type: 'string', maxLength: 128 } },
};

export function ResetStep() {
  const { t, i18n } = useLingui();
  const { token } = route.useSearch();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [password, setPassword] = useState('');
  const resetToken = token || readFlow()?.resetToken;
  const checklistId = 'reset-password-rules';
  const uiSchema = useMemo<UiSchema>(
    () => ({
      password: {
        'ui:widget': 'password',
        'ui:title': t`New password`,
        'ui:options': { afterId: checklistId },
      },
      confirmPassword: { 'ui:widget': 'password', 'ui:title': t`Confirm the new password` },
    }),
    [t],
  );

  if (done)
    return (
      <div role="status" className="rounded-xl bg-success-bg p-4 text-success-ink">
        <p>
          <Trans>Your password has been changed. Log in with your new password.</Trans>
        </p>
        <Link to="/login" className="btn-primary mt-3">
          <Trans>Log in</Trans>
        </Link>
      </div>
    );
  if (!resetToken) return <StartAgain />;
  const linkGone = reset.error instanceof ApiError && ['notAuthorized', 'tokenExpired'].includes(reset.error.code);
  if (linkGone) return <StartAgain message={authErrorMessages(i18n, reset.error)[0]} />;

  const onValid = (v: FormValues) =>
    reset.mutate(
      { resetToken, password: String(v.password), confirmPassword: String(v.confirmPassword) },
      {
        onSuccess: () => {
          writeFlow(undefined);
          setDone(true);
        },
      },
    );

  return (
    <SchemaForm
      schema={RESET_SCHEMA}
      uiSchema={uiSchema}
      validator={plainFormValidator}
      after={{ password: <PasswordChecklist id={checklistId} value={password} /> }}
      onChange={(v) => setPassword(typeof v.password === 'string' ? v.password : '')}
      check={(v) =>
        contractIssues(ZResetPasswordBody.safeParse({ password: v.password ?? '', confirmPassword: v.confirmPassword ?? '' }))
      }
      onSubmit={onValid}
      serverError={reset.error ?? undefined}
      describeError={(e) => authErrorMessages(i18n, e)}
      submitLabel={<Trans>Save the new password</Trans>}
      pendingLabel={<Trans>Saving…</Trans>}
      pending={reset.isPending}
    />
  );
}
