import crypto from 'node:crypto';
import Provider from 'oidc-provider';
import { BASE_URL, OIDC_CLIENT, OIDC_ISSUER, OIDC_PORT } from './ports.ts';

/*
 * A local OpenID Connect provider for the external sign-in test (oidc-provider 8), started by Playwright as a
 * web server. Its development login and consent pages accept any login: the login becomes the subject, and the
 * claims below are made from it (a verified e-mail address of its own, so every test gets a new account).
 */

const jwk = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const provider = new Provider(OIDC_ISSUER, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`${BASE_URL}/auth-callback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [{ ...jwk, kid: 'e2e', alg: 'RS256', use: 'sig' }] as never },
  cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: true } },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  },
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({
      sub,
      email: `${sub.toLowerCase().replace(/[^a-z0-9]/g, '')}@idp.example.com`,
      email_verified: true,
      given_name: 'Nadia',
      family_name: 'Fathy',
      name: 'Nadia Fathy',
      preferred_username: sub,
    }),
  }),
});
provider.proxy = false;

provider.listen(OIDC_PORT, () => {
  console.log(`OpenID provider for the E2E tests at ${OIDC_ISSUER}`);
});
