import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Notice } from '../../../components/ui/notice.tsx';

/** Forgot password's state between its steps (sessionStorage: a reload keeps it, closing the tab forgets it). */
export type Channel = 'email' | 'sms';
export type FlowState = { identifier: string; channel: Channel; resetId: string; resetToken?: string };
const FLOW_KEY = 'forget-password';

export function readFlow(): FlowState | undefined {
  try {
    const v = JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? 'null') as FlowState | null;
    return v && typeof v.resetId === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}
export const writeFlow = (s: FlowState | undefined) =>
  s ? sessionStorage.setItem(FLOW_KEY, JSON.stringify(s)) : sessionStorage.removeItem(FLOW_KEY);

export function StartAgain({ message }: { message?: string }) {
  return (
    <Notice tone="warning" live="alert">
      <p>{message ?? <Trans>This step is no longer available. Start again to get a new code.</Trans>}</p>
      <Link to="/forget-password/$step" params={{ step: 'validate' }} className="btn-primary mt-3">
        <Trans>Start again</Trans>
      </Link>
    </Notice>
  );
}
