import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { TAgentRegisterBody, TCurrentUser, TLoginResult } from '../../../../contract/identity.ts';
import type { ZCitizenSearchBody, ZMfaResult } from '../../../../contract/identity.ts';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { agentApiCall, apiCall } from '../../../lib/api-client.ts';
import type { SessionScope } from '../../../lib/session.ts';
import { authKeys } from '../keys.ts';

/*
 * The identity calls the sign-in screens make (contract/routes-identity.ts). `scope` picks the client: the
 * portal's own session, or the agent's (its own cookie and csrf token, device AGENT).
 */

const call = (scope: SessionScope) => (scope === 'agent' ? agentApiCall : apiCall);

export function login(scope: SessionScope, userSlug: string, username: string, password: string): Promise<TLoginResult> {
  return call(scope)(identityRoutes.login, { params: { userSlug }, body: { username, password } });
}

export type MfaResult = z.output<typeof ZMfaResult>;

/** The second-factor step: the mfaToken of the login answer proves the password step. */
export function mfaTotp(scope: SessionScope, userSlug: string, mfaToken: string, code: string): Promise<MfaResult> {
  return call(scope)(identityRoutes.mfa, { params: { userSlug }, body: { method: 'totp', code } }, { bearer: mfaToken });
}
export function mfaWebauthnOptions(scope: SessionScope, userSlug: string, mfaToken: string): Promise<MfaResult> {
  return call(scope)(identityRoutes.mfa, { params: { userSlug }, body: { method: 'webauthn-options' } }, { bearer: mfaToken });
}
export function mfaWebauthn(
  scope: SessionScope,
  userSlug: string,
  mfaToken: string,
  response: Record<string, unknown>,
): Promise<MfaResult> {
  return call(scope)(identityRoutes.mfa, { params: { userSlug }, body: { method: 'webauthn', response } }, { bearer: mfaToken });
}

/** Sign-in types offered on the staff builds' login form (never the public registration type). */
export const staffUserTypesQuery = () =>
  queryOptions({
    queryKey: authKeys.staffUserTypes,
    queryFn: ({ signal }) => apiCall(identityRoutes.userTypes, { filter: { where: { registration: false } } }, { signal }),
    staleTime: 60 * 60_000,
  });

/** Whether external sign-in (OpenID Connect) is configured, and where to send the user. */
export const authMetaQuery = (redirectUrl: string) =>
  queryOptions({
    queryKey: authKeys.authMeta(redirectUrl),
    queryFn: ({ signal }) =>
      apiCall(identityRoutes.authMeta, { params: { userSlug: 'citizen' }, query: { redirectUrl } }, { signal }),
    // The authorization address carries a one-time state: never reuse an old one.
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });

export function exchangeToken(token: string, state: string, redirectUrl: string, iss?: string): Promise<TLoginResult> {
  return apiCall(identityRoutes.exchangeToken, {
    params: { userSlug: 'citizen' },
    body: { token, state, redirectUrl, ...(iss ? { iss } : {}) },
  });
}

/* ------------------------------------------ second-factor enrolment ------------------------------------------ */

type Self = Pick<TCurrentUser, 'userSlug' | 'id'>;
const selfParams = (u: Self) => ({ userSlug: u.userSlug, userId: u.id });

export const totpSetup = (u: Self) => apiCall(identityRoutes.totpSetup, { params: selfParams(u), body: {} });
export const totpConfirm = (u: Self, code: string) =>
  apiCall(identityRoutes.totpConfirm, { params: selfParams(u), body: { code } });
export const totpRemove = (u: Self) => apiCall(identityRoutes.totpRemove, { params: selfParams(u) });
export const passkeyOptions = (u: Self) => apiCall(identityRoutes.passkeyOptions, { params: selfParams(u), body: {} });
export const passkeyRegister = (u: Self, name: string, response: Record<string, unknown>) =>
  apiCall(identityRoutes.passkeyRegister, { params: selfParams(u), body: { name, response } });
export const passkeyRemove = (u: Self, credentialId: string) =>
  apiCall(identityRoutes.passkeyRemove, { params: { ...selfParams(u), credentialId } });

/* ------------------------------------------ agents ------------------------------------------------------------ */

export type CitizenSearch = z.input<typeof ZCitizenSearchBody>;
export const agentActFor = (agentId: string, body: CitizenSearch) =>
  agentApiCall(identityRoutes.agentActFor, { params: { id: agentId }, body });
export const agentRegister = (agentId: string, body: TAgentRegisterBody) =>
  agentApiCall(identityRoutes.agentRegister, { params: { id: agentId }, body });
export const agentRegisterConfirm = (agentId: string, body: { registrationToken: string; code: string }) =>
  agentApiCall(identityRoutes.agentRegisterConfirm, { params: { id: agentId }, body });
export const agentStopActing = (agentId: string) => agentApiCall(identityRoutes.agentStopActing, { params: { id: agentId } });
