import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import {
  ZAgentRegisterBody,
  ZOtpCode,
  latinDigits,
  type TAgentRegisterBody,
  type TAgentRegistrationStep,
  type TAgentView,
} from '../../../../contract/identity.ts';
import type { TLang } from '../../../../contract/common.ts';
import { Field } from '../../../components/ui/field.tsx';
import { focusFieldLater } from '../../../components/ui/focus.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { fieldErrorMessage } from '../../../lib/field-messages.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { plainFormValidator } from '../../forms/plain-validator.ts';
import { contractIssues, textOf } from '../../forms/values.ts';
import { agentRegister, agentRegisterConfirm } from '../api/auth.ts';

const SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['firstName', 'lastName', 'nationalId', 'mobile'],
  properties: {
    firstName: { type: 'string', minLength: 2, maxLength: 50 },
    lastName: { type: 'string', minLength: 2, maxLength: 50 },
    nationalId: { type: 'string', maxLength: 20 },
    mobile: { type: 'string', maxLength: 20 },
    landline: { type: 'string', maxLength: 20 },
    email: { type: 'string', maxLength: 254 },
  },
};
const digitsOf = (s: string) => latinDigits(s).replace(/[\s-]/g, '');

/**
 * An agent registers a new citizen (issue 24, decision 061): the citizen's details, then the code the SMS sent to
 * the citizen's own mobile, which the citizen reads out. Nothing is created before the code; then the agent acts
 * for the new citizen (`onRegistered` with the agent view the server answered).
 */
export function AgentRegister({ agentId, onRegistered }: { agentId: string; onRegistered: (view: TAgentView) => void }) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const id = useId();
  const codeId = `${id.replace(/[^A-Za-z0-9_-]/g, '')}-code`;
  const [step, setStep] = useState<TAgentRegistrationStep | null>(null);
  const masked = step?.mobileMasked ?? '';
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const start = useMutation({ mutationFn: (body: TAgentRegisterBody) => agentRegister(agentId, body) });
  const confirm = useMutation({
    mutationFn: (c: string) => agentRegisterConfirm(agentId, { registrationToken: step!.registrationToken, code: c }),
  });
  const uiSchema = useMemo<UiSchema>(
    () => ({
      firstName: { 'ui:widget': 'text', 'ui:title': t`First name` },
      lastName: { 'ui:widget': 'text', 'ui:title': t`Last name` },
      nationalId: { 'ui:widget': 'nationalId', 'ui:title': t`National ID` },
      mobile: { 'ui:widget': 'phone', 'ui:title': t`The citizen's own mobile number`, 'ui:help': t`The code is sent here.` },
      landline: { 'ui:widget': 'phone', 'ui:title': t`Landline` },
      email: { 'ui:widget': 'email', 'ui:title': t`E-mail address` },
    }),
    [t],
  );
  const toBody = (v: FormValues): TAgentRegisterBody => ({
    firstName: textOf(v, 'firstName'),
    lastName: textOf(v, 'lastName'),
    nationalId: digitsOf(textOf(v, 'nationalId')),
    mobile: digitsOf(textOf(v, 'mobile')),
    landline: digitsOf(textOf(v, 'landline')),
    email: textOf(v, 'email'),
  });

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZOtpCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(fieldErrorMessage(i18n, { code: 'code-invalid' }, { label: t`Verification code`, lang }));
      focusFieldLater(codeId);
      return;
    }
    setCodeError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: (view) => onRegistered(view),
      onError: (err) => {
        setCodeError(authErrorMessages(i18n, err)[0]);
        focusFieldLater(codeId);
      },
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Register a new citizen</Trans>
      </h2>
      {step ? (
        <div className="mt-3 grid gap-3" data-testid="agent-register-code">
          {/* The mobile, masked, as the server answered it. */}
          <p role="status">
            <Trans>
              A code was sent by SMS to the citizen's mobile <bdi dir="ltr">{masked}</bdi>. Ask the citizen to read it out to you.
            </Trans>
          </p>
          <form noValidate onSubmit={submitCode} className="grid gap-3">
            <Field id={codeId} label={<Trans>The citizen's code</Trans>} hint={<Trans>6 digits</Trans>} error={codeError}>
              <input
                name="code"
                className="input max-w-48 text-center text-lg tracking-widest"
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setCodeError(undefined);
                }}
              />
            </Field>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={confirm.isPending}>
                {confirm.isPending ? <Trans>Checking…</Trans> : <Trans>Create the account</Trans>}
              </button>
              <button
                type="button"
                className="btn-outline"
                onClick={() => {
                  setStep(null);
                  setCode('');
                  setCodeError(undefined);
                  start.reset();
                }}
              >
                <Trans>Change the details</Trans>
              </button>
            </div>
          </form>
        </div>
      ) : (
        <div className="mt-3 grid gap-3">
          <p className="text-sm text-ink-muted">
            <Trans>The account is created only after the citizen gives you the code sent to their own mobile.</Trans>
          </p>
          <SchemaForm
            schema={SCHEMA}
            uiSchema={uiSchema}
            validator={plainFormValidator}
            check={(v) => contractIssues(ZAgentRegisterBody.safeParse(toBody(v)))}
            onSubmit={(v) => start.mutate(toBody(v), { onSuccess: (s) => setStep(s) })}
            serverError={start.error ?? undefined}
            describeError={(e) => authErrorMessages(i18n, e)}
            submitLabel={<Trans>Send the code to the citizen</Trans>}
            pendingLabel={<Trans>Sending…</Trans>}
            pending={start.isPending}
          />
        </div>
      )}
    </section>
  );
}
