import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import { latinDigits, MOBILE_RE, isValidNationalId, type TCurrentUser } from '../../../../contract/identity.ts';
import type { SessionHints } from '../../../lib/session.ts';
import { agentActFor, agentStopActing, agentViewQuery, staffUserTypesQuery, type CitizenSearch } from '../api/auth.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { useLogout } from '../use-logout.ts';
import { ErrorSummary } from './form-bits.tsx';

type SearchBy = 'nationalId' | 'passportNumber' | 'mobile';

/** The company's name from the staff form's option list (the account stores its id). */
function useCompanyName(agent: TCurrentUser | undefined): string | null {
  const { i18n } = useLingui();
  const types = useQuery({ ...staffUserTypesQuery(), enabled: Boolean(agent?.company) });
  if (!agent?.company) return null;
  const type = types.data?.find((x) => x.userSlug === agent.userSlug);
  const option = type?.schema.company?.uniforms?.options?.find((o) => o.value === agent.company);
  return option ? option.label[i18n.locale as TLang] : agent.company;
}

/**
 * The signed-in agent (spec section 6 "Agents"): their own data plus the citizen they act for (name and national
 * id); choosing a citizen by national id, passport number or mobile; stopping; signing out of the agent session.
 */
export function AgentPanel({ hints }: { hints: SessionHints }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const view = useQuery(agentViewQuery(hints.userId));
  const company = useCompanyName(view.data?.agent);
  const [by, setBy] = useState<SearchBy>('nationalId');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { logout, pending: loggingOut, failed: logoutFailed } = useLogout('agent', '/agent-login');

  const showErrors = (messages: string[]) => {
    setErrors(messages);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const act = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const v = by === 'passportNumber' ? value.trim().toUpperCase() : latinDigits(value).replace(/[\s-]/g, '');
    const ok = by === 'nationalId' ? isValidNationalId(v) : by === 'mobile' ? MOBILE_RE.test(v) : /^[A-Z0-9]{5,20}$/.test(v);
    if (!ok) {
      setInvalid(true);
      showErrors([
        by === 'nationalId'
          ? t`Enter a valid 14-digit national ID.`
          : by === 'mobile'
            ? t`Enter a valid mobile number (11 digits starting with 01).`
            : t`Enter a valid passport number (5 to 20 letters and digits).`,
      ]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      const body: CitizenSearch = { [by]: v };
      queryClient.setQueryData(agentViewQuery(hints.userId).queryKey, await agentActFor(hints.userId, body));
      setValue('');
    } catch (err) {
      showErrors(authErrorMessages(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    setBusy(true);
    setErrors([]);
    try {
      queryClient.setQueryData(agentViewQuery(hints.userId).queryKey, await agentStopActing(hints.userId));
    } catch (err) {
      showErrors(authErrorMessages(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  if (view.isPending)
    return (
      <p role="status" className="py-8 text-center">
        <Trans>Loading…</Trans>
      </p>
    );
  if (view.isError)
    return (
      <div className="mx-auto max-w-xl">
        <ErrorSummary messages={authErrorMessages(i18n, view.error)} />
        <button type="button" className="btn-primary mt-4" onClick={() => void view.refetch()}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );

  const { agent, citizen } = view.data;
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Agent workspace</Trans>
      </h1>
      <section aria-labelledby={`${id}-agent`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
        <h2 id={`${id}-agent`} className="text-lg font-semibold">
          <Trans>Your agent account</Trans>
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-ink-muted">
            <Trans>Name</Trans>
          </dt>
          <dd dir="auto">{agent.fullName}</dd>
          <dt className="text-ink-muted">
            <Trans>Username</Trans>
          </dt>
          <dd>
            <bdi>{agent.username}</bdi>
          </dd>
          {company && (
            <>
              <dt className="text-ink-muted">
                <Trans>Company</Trans>
              </dt>
              <dd dir="auto">{company}</dd>
            </>
          )}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" className="btn-outline" onClick={() => void logout()} disabled={loggingOut}>
            <Trans>Log out of the agent account</Trans>
          </button>
        </div>
        {logoutFailed && (
          <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-error-bg p-3 text-error-ink">
            <p className="flex-1">
              <Trans>Signing out failed. Check your connection and try again.</Trans>
            </p>
            <button type="button" className="btn-primary" onClick={() => void logout()} disabled={loggingOut}>
              <Trans>Retry</Trans>
            </button>
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-citizen`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
        <h2 id={`${id}-citizen`} className="text-lg font-semibold">
          <Trans>Acting for</Trans>
        </h2>
        {citizen ? (
          <>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" aria-live="polite">
              <dt className="text-ink-muted">
                <Trans>Citizen</Trans>
              </dt>
              <dd dir="auto">{citizen.fullName}</dd>
              <dt className="text-ink-muted">
                <Trans>National ID</Trans>
              </dt>
              <dd>
                <bdi dir="ltr">{citizen.nationalId ?? '—'}</bdi>
              </dd>
            </dl>
            <button type="button" className="btn-outline mt-4" onClick={() => void stop()} disabled={busy}>
              <Trans>Stop acting for this citizen</Trans>
            </button>
          </>
        ) : (
          <p className="mt-2">
            <Trans>You are not acting for a citizen. Find the citizen to act for below.</Trans>
          </p>
        )}
      </section>

      <section aria-labelledby={`${id}-find`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
        <h2 id={`${id}-find`} className="text-lg font-semibold">
          <Trans>Choose a citizen</Trans>
        </h2>
        <div className="mt-3">
          <ErrorSummary ref={summaryRef} messages={errors} />
        </div>
        <form noValidate onSubmit={act} className="mt-3 grid gap-4">
          <fieldset>
            <legend className="font-medium">
              <Trans>Find by</Trans>
            </legend>
            <div className="flex flex-wrap gap-x-6">
              {(
                [
                  ['nationalId', t`National ID`],
                  ['passportNumber', t`Passport number`],
                  ['mobile', t`Mobile number`],
                ] as const
              ).map(([k, label]) => (
                <label key={k} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-by`}
                    checked={by === k}
                    onChange={() => {
                      setBy(k);
                      setInvalid(false);
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-value`} className="font-medium">
              {by === 'nationalId' ? (
                <Trans>Citizen's national ID</Trans>
              ) : by === 'mobile' ? (
                <Trans>Citizen's mobile number</Trans>
              ) : (
                <Trans>Citizen's passport number</Trans>
              )}
            </label>
            <input
              id={`${id}-value`}
              className="input"
              dir="ltr"
              inputMode={by === 'passportNumber' ? 'text' : 'numeric'}
              autoComplete="off"
              value={value}
              aria-invalid={invalid || undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setInvalid(false);
              }}
            />
          </div>
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              <Trans>Act for this citizen</Trans>
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
