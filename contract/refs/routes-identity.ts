// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-identity.ts: do not edit.
// The method and path of each route, for the browser (decision 035); the types come from the descriptors.
import type { RouteRefs } from '../route.ts';
import type * as contract from '../routes-identity.ts';

export const identityRoutes: RouteRefs<typeof contract.identityRoutes> = {
  userTypeFindOne: { method: 'GET', path: '/api/dynamic_users/findOne' },
  userTypes: { method: 'GET', path: '/api/dynamic_users' },
  signup: { method: 'POST', path: '/api/:userSlug' },
  login: { method: 'POST', path: '/api/:userSlug/login' },
  mfa: { method: 'POST', path: '/api/:userSlug/MFA' },
  logout: { method: 'POST', path: '/api/:userSlug/logout' },
  heartbeat: { method: 'POST', path: '/api/authTokens/activityHeartbeat' },
  currentUser: { method: 'GET', path: '/api/:userSlug/:userId' },
  updateProfile: { method: 'PATCH', path: '/api/:userSlug/:userId' },
  changePassword: { method: 'POST', path: '/api/:userSlug/change-password' },
  forgetPassword: { method: 'POST', path: '/api/:userSlug/forgetPassword' },
  validateResetOtp: { method: 'POST', path: '/api/:userSlug/validateResetPasswordOTP' },
  resetPassword: { method: 'POST', path: '/api/:userSlug/reset-password' },
  sendMobileVerification: { method: 'POST', path: '/api/:userSlug/sendMobileVerification' },
  verifyMobile: { method: 'POST', path: '/api/:userSlug/verifyMobile' },
  resendEmailVerification: { method: 'GET', path: '/api/:userSlug/verifyUserEmail/:userId' },
  verifyEmail: { method: 'POST', path: '/api/:userSlug/verifyUserEmail' },
  totpSetup: { method: 'POST', path: '/api/:userSlug/:userId/totp' },
  totpConfirm: { method: 'POST', path: '/api/:userSlug/:userId/totp/confirm' },
  totpRemove: { method: 'DELETE', path: '/api/:userSlug/:userId/totp' },
  passkeyOptions: { method: 'POST', path: '/api/:userSlug/:userId/passkeys/options' },
  passkeyRegister: { method: 'POST', path: '/api/:userSlug/:userId/passkeys' },
  passkeyRemove: { method: 'DELETE', path: '/api/:userSlug/:userId/passkeys/:credentialId' },
  authMeta: { method: 'GET', path: '/api/:userSlug/getAuthenticationMeta' },
  exchangeToken: { method: 'POST', path: '/api/:userSlug/exchangeToken' },
  agentView: { method: 'GET', path: '/api/agent/:id' },
  agentActFor: { method: 'POST', path: '/api/agent/:id/citizen' },
  agentStopActing: { method: 'DELETE', path: '/api/agent/:id/citizen' },
  citizenSearch: { method: 'POST', path: '/api/citizens/search' },
  mailbox: { method: 'GET', path: '/api/dev/mailbox' },
};
