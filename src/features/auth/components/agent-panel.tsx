import { LabelValue, LabelValueList } from '../../../components/ui/label-value-list.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { TLang } from '../../../../contract/common.ts';
import type { TCurrentUser } from '../../../../contract/identity.ts';
import { agentViewQuery, rememberActingFor } from '../../../lib/agent-view.ts';
import type { SessionHints, SessionScope } from '../../../lib/session.ts';
import { CitizenFacts, CitizenFinder } from '../../../components/citizen-finder.tsx';
import { AgentRegister } from './agent-register.tsx';
import { agentActFor, agentStopActing, staffUserTypesQuery } from '../api/auth.ts';
import { authErrorMessages } from '../../../lib/auth-errors.ts';
import { useLogout } from '../use-logout.ts';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { rootKeys } from '../../../lib/query-keys.ts';
import type { AppPath } from '../../../lib/links.ts';

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
export function AgentPanel({
  hints,
  scope = 'agent',
  signInPath = '/agent-login',
  nextSteps,
}: {
  hints: SessionHints;
  /** The agent build's own session is its `user` scope; the citizen build's agent sign-in is the `agent` one. */
  scope?: SessionScope;
  signInPath?: AppPath;
  /** What the agent can do for the citizen chosen (the route's; features do not import each other). */
  nextSteps?: ReactNode;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const view = useQuery(agentViewQuery(hints.userId));
  const company = useCompanyName(view.data?.agent);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { logout, pending: loggingOut, failed: logoutFailed } = useLogout(scope, signInPath);

  const showErrors = (messages: string[]) => {
    setErrors(messages);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  // Another citizen: the previous one's requests, drafts and meters are not shown under the new name, even briefly.
  const forgetCitizen = () => {
    queryClient.removeQueries({ queryKey: rootKeys.requests });
    queryClient.removeQueries({ queryKey: rootKeys.drafts });
    queryClient.removeQueries({ queryKey: rootKeys.meters });
  };
  const actFor = async (body: Parameters<typeof agentActFor>[1]) => {
    const view = rememberActingFor(hints.userId, await agentActFor(hints.userId, body));
    queryClient.setQueryData(agentViewQuery(hints.userId).queryKey, view);
    forgetCitizen();
  };

  const stop = async () => {
    setBusy(true);
    setErrors([]);
    try {
      queryClient.setQueryData(
        agentViewQuery(hints.userId).queryKey,
        rememberActingFor(hints.userId, await agentStopActing(hints.userId)),
      );
      forgetCitizen();
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
        <LabelValueList layout="pairs" className="mt-2">
          <LabelValue label={<Trans>Name</Trans>} dir="auto">
            {agent.fullName}
          </LabelValue>
          <LabelValue label={<Trans>Username</Trans>}>
            <bdi>{agent.username}</bdi>
          </LabelValue>
          {company && (
            <LabelValue label={<Trans>Company</Trans>} dir="auto">
              {company}
            </LabelValue>
          )}
        </LabelValueList>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" className="btn-outline" onClick={() => void logout()} disabled={loggingOut}>
            <Trans>Log out of the agent account</Trans>
          </button>
        </div>
        {logoutFailed && (
          <Notice tone="error" className="mt-3 flex flex-wrap items-center gap-3">
            <p className="flex-1">
              <Trans>Signing out failed. Check your connection and try again.</Trans>
            </p>
            <button type="button" className="btn-primary" onClick={() => void logout()} disabled={loggingOut}>
              <Trans>Retry</Trans>
            </button>
          </Notice>
        )}
      </section>

      <section aria-labelledby={`${id}-citizen`} className="rounded-xl border border-line bg-card p-4 sm:p-6">
        <h2 id={`${id}-citizen`} tabIndex={-1} className="text-lg font-semibold">
          <Trans>Acting for</Trans>
        </h2>
        <ErrorSummary ref={summaryRef} messages={errors} />
        {citizen ? (
          <>
            <CitizenFacts name={citizen.fullName} nationalId={citizen.nationalId} />
            {nextSteps}
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

      <CitizenFinder submitLabel={<Trans>Act for this citizen</Trans>} onFind={actFor} />
      <AgentRegister
        agentId={hints.userId}
        onRegistered={(registered) => {
          queryClient.setQueryData(agentViewQuery(hints.userId).queryKey, rememberActingFor(hints.userId, registered));
          forgetCitizen();
          requestAnimationFrame(() => document.getElementById(`${id}-citizen`)?.focus());
        }}
      />
    </div>
  );
}
