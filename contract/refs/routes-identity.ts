// Written by scripts/gen-route-refs.ts (`npm run gen:routes`) from contract/routes-identity.ts: do not edit.
// Each route's method and path, and its answer's schema on demand, for the browser (decision 035); the types
import type { RouteRefs } from '../route.ts';
// come from the descriptors.
import type * as contract from '../routes-identity.ts';

/** The module with the schemas, loaded with the first answer to check (not with the page that calls). */
const schemas = () => import('../routes-identity.ts');

export const identityRoutes: RouteRefs<typeof contract.identityRoutes> = {
  userTypeFindOne: {
    method: 'GET',
    path: '/api/dynamic_users/findOne',
    response: () => schemas().then((m) => m.identityRoutes.userTypeFindOne.response),
  },
  userTypes: {
    method: 'GET',
    path: '/api/dynamic_users',
    response: () => schemas().then((m) => m.identityRoutes.userTypes.response),
  },
  signup: { method: 'POST', path: '/api/:userSlug', response: () => schemas().then((m) => m.identityRoutes.signup.response) },
  login: { method: 'POST', path: '/api/:userSlug/login', response: () => schemas().then((m) => m.identityRoutes.login.response) },
  mfa: { method: 'POST', path: '/api/:userSlug/MFA', response: () => schemas().then((m) => m.identityRoutes.mfa.response) },
  logout: {
    method: 'POST',
    path: '/api/:userSlug/logout',
    response: () => schemas().then((m) => m.identityRoutes.logout.response),
  },
  heartbeat: {
    method: 'POST',
    path: '/api/authTokens/activityHeartbeat',
    response: () => schemas().then((m) => m.identityRoutes.heartbeat.response),
  },
  currentUser: {
    method: 'GET',
    path: '/api/:userSlug/:userId',
    response: () => schemas().then((m) => m.identityRoutes.currentUser.response),
  },
  updateProfile: {
    method: 'PATCH',
    path: '/api/:userSlug/:userId',
    response: () => schemas().then((m) => m.identityRoutes.updateProfile.response),
  },
  changePassword: {
    method: 'POST',
    path: '/api/:userSlug/change-password',
    response: () => schemas().then((m) => m.identityRoutes.changePassword.response),
  },
  forgetPassword: {
    method: 'POST',
    path: '/api/:userSlug/forgetPassword',
    response: () => schemas().then((m) => m.identityRoutes.forgetPassword.response),
  },
  validateResetOtp: {
    method: 'POST',
    path: '/api/:userSlug/validateResetPasswordOTP',
    response: () => schemas().then((m) => m.identityRoutes.validateResetOtp.response),
  },
  resetPassword: {
    method: 'POST',
    path: '/api/:userSlug/reset-password',
    response: () => schemas().then((m) => m.identityRoutes.resetPassword.response),
  },
  sendMobileVerification: {
    method: 'POST',
    path: '/api/:userSlug/sendMobileVerification',
    response: () => schemas().then((m) => m.identityRoutes.sendMobileVerification.response),
  },
  verifyMobile: {
    method: 'POST',
    path: '/api/:userSlug/verifyMobile',
    response: () => schemas().then((m) => m.identityRoutes.verifyMobile.response),
  },
  resendEmailVerification: {
    method: 'GET',
    path: '/api/:userSlug/verifyUserEmail/:userId',
    response: () => schemas().then((m) => m.identityRoutes.resendEmailVerification.response),
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/:userSlug/verifyUserEmail',
    response: () => schemas().then((m) => m.identityRoutes.verifyEmail.response),
  },
  totpSetup: {
    method: 'POST',
    path: '/api/:userSlug/:userId/totp',
    response: () => schemas().then((m) => m.identityRoutes.totpSetup.response),
  },
  totpConfirm: {
    method: 'POST',
    path: '/api/:userSlug/:userId/totp/confirm',
    response: () => schemas().then((m) => m.identityRoutes.totpConfirm.response),
  },
  totpRemove: {
    method: 'DELETE',
    path: '/api/:userSlug/:userId/totp',
    response: () => schemas().then((m) => m.identityRoutes.totpRemove.response),
  },
  passkeyOptions: {
    method: 'POST',
    path: '/api/:userSlug/:userId/passkeys/options',
    response: () => schemas().then((m) => m.identityRoutes.passkeyOptions.response),
  },
  passkeyRegister: {
    method: 'POST',
    path: '/api/:userSlug/:userId/passkeys',
    response: () => schemas().then((m) => m.identityRoutes.passkeyRegister.response),
  },
  passkeyRemove: {
    method: 'DELETE',
    path: '/api/:userSlug/:userId/passkeys/:credentialId',
    response: () => schemas().then((m) => m.identityRoutes.passkeyRemove.response),
  },
  authMeta: {
    method: 'GET',
    path: '/api/:userSlug/getAuthenticationMeta',
    response: () => schemas().then((m) => m.identityRoutes.authMeta.response),
  },
  exchangeToken: {
    method: 'POST',
    path: '/api/:userSlug/exchangeToken',
    response: () => schemas().then((m) => m.identityRoutes.exchangeToken.response),
  },
  agentView: {
    method: 'GET',
    path: '/api/agent/:id',
    response: () => schemas().then((m) => m.identityRoutes.agentView.response),
  },
  agentActFor: {
    method: 'POST',
    path: '/api/agent/:id/citizen',
    response: () => schemas().then((m) => m.identityRoutes.agentActFor.response),
  },
  agentRegister: {
    method: 'POST',
    path: '/api/agent/:id/registrations',
    response: () => schemas().then((m) => m.identityRoutes.agentRegister.response),
  },
  agentRegisterConfirm: {
    method: 'POST',
    path: '/api/agent/:id/registrations/confirm',
    response: () => schemas().then((m) => m.identityRoutes.agentRegisterConfirm.response),
  },
  agentStopActing: {
    method: 'DELETE',
    path: '/api/agent/:id/citizen',
    response: () => schemas().then((m) => m.identityRoutes.agentStopActing.response),
  },
  citizenSearch: {
    method: 'POST',
    path: '/api/citizens/search',
    response: () => schemas().then((m) => m.identityRoutes.citizenSearch.response),
  },
  mailbox: { method: 'GET', path: '/api/dev/mailbox', response: () => schemas().then((m) => m.identityRoutes.mailbox.response) },
};
