import type { Step } from '../forgot-password-steps.ts';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useForgetPassword, useValidateResetOtp } from '../api/password-reset.ts';
import { CodeForm } from './code-form.tsx';
import { authErrorMessages, waitSecondsOf } from '../../../lib/auth-errors.ts';
import { useCountdown, useResend } from '../use-countdown.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { textOf } from '../../forms/values.ts';
import { StartAgain, readFlow, writeFlow, type Channel } from './forgot-password-flow.tsx';
import { ResetStep } from './forgot-password-reset.tsx';

const route = getRouteApi('/forget-password/$step');

/*
 * Forgot password (spec section 4): validate (who, and e-mail or SMS) -> otp (the code) -> reset (the new
 * password, with the single-use reset token as Bearer), or validate -> email-sent (the e-mail's link opens
 * /forget-password/reset?token=...). The flow's state lives in sessionStorage: a reload keeps it, closing the
 * tab forgets it.
 */

// Our own small forms: their rules are these keywords and the contract's checks (no precompiled module).
const VALIDATE_SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['identifier', 'channel'],
  properties: { identifier: { type: 'string', maxLength: 254 }, channel: { type: 'string', enum: ['sms', 'email'] } },
};

export function ForgetPasswordPage() {
  const step = route.useParams().step as Step;
  return (
    <section aria-labelledby="forget-title" className="mx-auto max-w-xl">
      <h1 id="forget-title" className="text-2xl font-bold">
        {step === 'reset' ? <Trans>Choose a new password</Trans> : <Trans>Forgot your password?</Trans>}
      </h1>
      <div className="mt-4">
        {step === 'validate' && <ValidateStep />}
        {step === 'otp' && <OtpStep />}
        {step === 'email-sent' && <EmailSentStep />}
        {step === 'reset' && <ResetStep />}
      </div>
    </section>
  );
}

function ValidateStep() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const request = useForgetPassword();
  const [, restart] = useCountdown('reset');
  const uiSchema = useMemo<UiSchema>(
    () => ({
      identifier: {
        'ui:widget': 'text',
        'ui:title': t`Username, e-mail, mobile number or national ID`,
        'ui:options': { autoComplete: 'username', dir: 'auto' },
      },
      channel: {
        'ui:widget': 'radio',
        'ui:title': t`Send the code by`,
        'ui:options': {
          options: [
            { value: 'sms', label: t`SMS to my mobile number` },
            { value: 'email', label: t`E-mail` },
          ],
        },
      },
    }),
    [t],
  );
  const [initial] = useState<FormValues>(() => ({ identifier: readFlow()?.identifier || undefined, channel: 'sms' }));

  const onValid = (v: FormValues) => {
    const identifier = textOf(v, 'identifier');
    const channel = (textOf(v, 'channel') || 'sms') as Channel;
    request.mutate(
      { identifier, channel },
      {
        onSuccess: (r) => {
          writeFlow({ identifier, channel, resetId: r.resetId });
          restart(r.resendAfterSeconds);
          void navigate({ to: '/forget-password/$step', params: { step: channel === 'sms' ? 'otp' : 'email-sent' } });
        },
        onError: (err) => {
          const wait = waitSecondsOf(err);
          if (wait) restart(wait);
        },
      },
    );
  };

  return (
    <>
      <p className="text-ink-muted">
        <Trans>Tell us who you are and how to send you a code to reset your password.</Trans>
      </p>
      <div className="mt-4">
        <SchemaForm
          schema={VALIDATE_SCHEMA}
          uiSchema={uiSchema}
          validator={plainFormValidator}
          formData={initial}
          onSubmit={onValid}
          serverError={request.error ?? undefined}
          describeError={(e) => authErrorMessages(i18n, e)}
          submitLabel={<Trans>Send the code</Trans>}
          pendingLabel={<Trans>Sending…</Trans>}
          pending={request.isPending}
        />
      </div>
      <p className="mt-6">
        <Link to="/login" className="inline-flex min-h-11 items-center text-brand underline">
          <Trans>Back to log in</Trans>
        </Link>
      </p>
    </>
  );
}

function OtpStep() {
  const navigate = useNavigate();
  const [flow, setFlow] = useState(readFlow);
  const check = useValidateResetOtp();
  const resend = useForgetPassword();
  const { left, result: resendResult, onSent, onFailed } = useResend('reset');
  if (!flow) return <StartAgain />;
  return (
    <div className="flex flex-col gap-4">
      <p>
        {flow.channel === 'sms' ? (
          <Trans>If an account matches, we sent a 6-digit code by SMS to its mobile number. Enter it below.</Trans>
        ) : (
          <Trans>If an account matches, we sent a 6-digit code to its e-mail address. Enter it below.</Trans>
        )}
      </p>
      <CodeForm
        submitLabel={<Trans>Continue</Trans>}
        pending={check.isPending}
        error={check.error}
        onSubmit={(code) =>
          check.mutate(
            { resetId: flow.resetId, code },
            {
              onSuccess: ({ resetToken }) => {
                writeFlow({ ...flow, resetToken });
                void navigate({ to: '/forget-password/$step', params: { step: 'reset' } });
              },
            },
          )
        }
        onResend={() =>
          resend.mutate(
            { identifier: flow.identifier, channel: flow.channel },
            {
              onSuccess: (r) => {
                const next = { ...flow, resetId: r.resetId };
                writeFlow(next);
                setFlow(next);
                onSent(r.resendAfterSeconds);
              },
              onError: onFailed,
            },
          )
        }
        resendPending={resend.isPending}
        resendLeft={left}
        resendResult={resendResult}
      />
    </div>
  );
}

function EmailSentStep() {
  const flow = readFlow();
  if (!flow) return <StartAgain />;
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
      <h2 className="text-lg font-semibold">
        <Trans>Check your inbox</Trans>
      </h2>
      <p>
        <Trans>
          If an account matches, we sent it an e-mail with a link to choose a new password. The link and the code in it are valid
          for a short time.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/forget-password/$step" params={{ step: 'otp' }} className="btn-outline">
          <Trans>Enter the code from the e-mail instead</Trans>
        </Link>
        <Link to="/forget-password/$step" params={{ step: 'validate' }} className="btn-outline">
          <Trans>Start again</Trans>
        </Link>
      </div>
    </div>
  );
}
