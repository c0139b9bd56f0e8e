import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TFieldsSchema } from '../../contract/catalog.ts';
import { ZSignupBody, type TSignupBody } from '../../contract/identity.ts';
import { useRegistrationType } from '../features/account/api/registration-type.ts';
import { useSignup } from '../features/account/api/signup.ts';
import { PasswordChecklist } from '../features/account/components/password-checklist.tsx';
import { authErrorMessages } from '../lib/auth-errors.ts';
import { issuesToFieldErrors, normaliseDigits, type FormValues } from '../features/forms/rules.ts';
import { ErrorSummary, SchemaFields } from '../features/forms/schema-fields.tsx';
import { textOf, useSchemaForm } from '../features/forms/use-schema-form.ts';
import { ErrorPanel } from '../components/error-panel.tsx';
import { RowsSkeleton } from '../components/skeleton.tsx';
import { requireSignedOut } from '../lib/guards.ts';

export const Route = createFileRoute('/signup')({
  beforeLoad: ({ context }) => requireSignedOut(context),
  // The query module loads with the page, not with the app (the home page's size budget).
  loader: async ({ context }) => {
    const { registrationTypeQuery } = await import('../features/account/api/registration-type.ts');
    void context.queryClient.prefetchQuery(registrationTypeQuery());
  },
  component: SignupPage,
});

function SignupPage() {
  const type = useRegistrationType();
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
          <SignupForm userSlug={type.data.userSlug} schema={type.data.schema} />
        )}
      </div>
      <p className="mt-6">
        <Trans>Already have an account?</Trans>{' '}
        <Link to={'/login' as never} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          <Trans>Log in</Trans>
        </Link>
      </p>
    </section>
  );
}

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

function SignupForm({ userSlug, schema }: { userSlug: string; schema: TFieldsSchema }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const signup = useSignup();
  // The contract's own rules (the server applies the same): what the field schema cannot say.
  const form = useSchemaForm(schema, {
    check: (v) => {
      const r = ZSignupBody.safeParse(toBody(v));
      return r.success ? {} : issuesToFieldErrors(r.error.issues);
    },
  });
  const checklistId = `${form.idPrefix}-password-rules`;
  const password = typeof form.values.password === 'string' ? form.values.password : '';

  const onValid = (v: FormValues) => {
    signup.mutate(
      { userSlug, body: toBody(v) },
      {
        onSuccess: ({ step }) =>
          void navigate({
            to: '/mobileNumber-validate',
            search: { token: step.verificationToken, masked: step.mobileMasked, resend: step.resendAfterSeconds },
          }),
        onError: (err) => form.showServerError(err),
      },
    );
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="flex flex-col gap-4">
      <ErrorSummary form={form} describe={(e) => authErrorMessages(i18n, e)} />
      <SchemaFields
        form={form}
        extras={{
          username: { dir: 'ltr', autoComplete: 'username' },
          password: { after: <PasswordChecklist id={checklistId} value={password} />, afterId: checklistId },
        }}
      />
      <div>
        <button type="submit" className="btn-primary" disabled={signup.isPending}>
          {signup.isPending ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </button>
      </div>
    </form>
  );
}
