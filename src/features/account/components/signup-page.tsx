import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { TFieldsSchema } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { compileSignupForm, signupCrossFieldErrors } from '../../../../contract/form-schema.ts';
import { ZSignupBody, latinDigits, type TSignupBody } from '../../../../contract/identity.ts';
import { useRegistrationType } from '../api/registration-type.ts';
import { useSignup } from '../api/signup.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { SchemaForm, type FormValues } from '../../forms/schema-form.tsx';
import { useFormValidator } from '../../forms/use-form-validator.ts';
import { contractIssues, textOf } from '../../forms/values.ts';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { RowsSkeleton } from '../../../components/skeleton.tsx';

const route = getRouteApi('/signup');

export function SignupPage() {
  const type = useRegistrationType();
  // The page sign-up started from (a service's form): the verification step goes back there.
  const { redirect } = route.useSearch();
  return (
    <section aria-labelledby="signup-title" className="mx-auto max-w-xl">
      <h1 id="signup-title" className="text-2xl font-bold">
        <Trans>Create an account</Trans>
      </h1>
      <p className="mt-2 text-ink-muted">
        <Trans>After you sign up we send a code to your mobile number to confirm it.</Trans>
      </p>
      <div className="mt-6">
        {type.isPending ? (
          <RowsSkeleton count={6} />
        ) : type.isError ? (
          <ErrorPanel error={type.error} onRetry={() => void type.refetch()} />
        ) : (
          <SignupForm userSlug={type.data.userSlug} schema={type.data.schema} redirect={redirect} />
        )}
      </div>
      <p className="mt-6">
        <Trans>Already have an account?</Trans>{' '}
        <Link
          to="/login"
          search={redirect ? { redirect } : {}}
          className="inline-flex min-h-11 items-center font-semibold text-brand underline"
        >
          <Trans>Log in</Trans>
        </Link>
      </p>
    </section>
  );
}

/** Digits as typed (Arabic-Indic accepted), without spaces and dashes. */
const normaliseDigits = (s: string): string => latinDigits(s).replace(/[\s-]/g, '');

/** The values as the contract takes them: digits made Latin, texts trimmed; the passwords as typed. */
function toBody(v: FormValues): TSignupBody {
  return {
    firstName: textOf(v, 'firstName'),
    lastName: textOf(v, 'lastName'),
    username: textOf(v, 'username'),
    email: textOf(v, 'email'),
    mobile: normaliseDigits(textOf(v, 'mobile')),
    nationalId: normaliseDigits(textOf(v, 'nationalId')),
    password: typeof v.password === 'string' ? v.password : '',
    confirmPassword: typeof v.confirmPassword === 'string' ? v.confirmPassword : '',
  };
}

function SignupForm({ userSlug, schema, redirect }: { userSlug: string; schema: TFieldsSchema; redirect: string | undefined }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const navigate = useNavigate();
  const signup = useSignup();
  const [password, setPassword] = useState('');
  const checklistId = 'signup-password-rules';
  // The account fields, then the registration type's own (contract/form-schema.ts); texts in the language shown.
  const form = useMemo(() => {
    const compiled = compileSignupForm(schema, lang);
    const ui = compiled.uiSchema as Record<string, Record<string, unknown>>;
    const withOptions = (id: string, options: Record<string, unknown>) => {
      if (ui[id]) ui[id] = { ...ui[id], 'ui:options': { ...(ui[id]['ui:options'] as object), ...options } };
    };
    withOptions('username', { dir: 'ltr', autoComplete: 'username' });
    withOptions('password', { afterId: checklistId });
    return compiled;
  }, [schema, lang]);

  // The browser checks with the server's own precompiled rules (no eval: the CSP holds).
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a form key, not a text
  const validator = useFormValidator(`signup.${userSlug}`, form.schema);

  const onValid = (v: FormValues) => {
    signup.mutate(
      { userSlug, body: toBody(v) },
      {
        onSuccess: ({ step }) =>
          void navigate({
            to: '/mobileNumber-validate',
            search: {
              token: step.verificationToken,
              masked: step.mobileMasked,
              resend: step.resendAfterSeconds,
              ...(redirect ? { redirect } : {}),
            },
          }),
      },
    );
  };

  if (validator.isPending) return <RowsSkeleton count={6} />;
  if (validator.isError) return <ErrorPanel error={validator.error} onRetry={() => void validator.refetch()} />;
  return (
    <SchemaForm
      schema={form.schema}
      uiSchema={form.uiSchema}
      validator={validator.data}
      // The contract's own rules (the server applies the same), and the confirmation that JSON Schema cannot say.
      check={(v) => ({ ...contractIssues(ZSignupBody.safeParse(toBody(v))), ...signupCrossFieldErrors(v) })}
      after={{ password: <PasswordChecklist id={checklistId} value={password} /> }}
      onChange={(v) => setPassword(typeof v.password === 'string' ? v.password : '')}
      onSubmit={onValid}
      serverError={signup.error ?? undefined}
      describeError={(e) => authErrorMessages(i18n, e)}
      submitLabel={<Trans>Create account</Trans>}
      pendingLabel={<Trans>Creating your account…</Trans>}
      pending={signup.isPending}
    />
  );
}
