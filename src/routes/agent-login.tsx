import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { TLang } from '../../contract/common.ts';
import { useHints } from '../lib/session.ts';
import { completeSignIn } from '../lib/session-api.ts';
import { staffUserTypesQuery } from '../features/auth/api/auth.ts';
import { AgentPanel } from '../features/auth/components/agent-panel.tsx';
import { SignInFlow, type SignInType } from '../features/auth/components/sign-in-flow.tsx';

export const Route = createFileRoute('/agent-login')({ component: AgentLoginPage });

/**
 * Spec section 6 "Agents": a separate sign-in with its own session (cookie) and HTTP client. Signed in, the page
 * is the agent's workspace: who they are and which citizen they act for.
 */
function AgentLoginPage() {
  const hints = useHints('agent');
  return <div className="py-4">{hints ? <AgentPanel key={hints.userId} hints={hints} /> : <AgentSignIn />}</div>;
}

function AgentSignIn() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const typesQuery = useQuery(staffUserTypesQuery());
  const types: SignInType[] = useMemo(() => {
    const agents = (typesQuery.data ?? [])
      .filter((x) => x.kind === 'agent' || x.kind === 'agent_employee')
      .map((x) => ({ userSlug: x.userSlug, label: x.label[lang] }));
    return agents.length > 0 ? agents : [{ userSlug: 'agent', label: t`Agent` }];
  }, [typesQuery.data, lang, t]);
  return (
    <SignInFlow
      scope="agent"
      title={<Trans>Agent sign-in</Trans>}
      types={types}
      onSignedIn={(result) => completeSignIn(result, 'agent')}
      notice={
        <p className="text-ink-muted">
          <Trans>For authorised agents acting on behalf of citizens. Citizens sign in from the main sign-in page.</Trans>
        </p>
      }
    />
  );
}
