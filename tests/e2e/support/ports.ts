/**
 * The ports of the end-to-end run: the portal (E2E_PORT), a second portal in maintenance mode, a local OpenID
 * provider and a local Fawry (payment codes). Shared by playwright.config.ts and the specs (both read the same environment).
 */
export const PORT = Number(process.env.E2E_PORT ?? 4319);
export const MAINTENANCE_PORT = Number(process.env.E2E_MAINTENANCE_PORT ?? PORT + 1000);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 2000);
export const FAWRY_PORT = Number(process.env.E2E_FAWRY_PORT ?? PORT + 3000);

export const BASE_URL = `http://localhost:${PORT}`;
/** The employee and agent builds, served by the same process on the next ports (decision 022). */
export const EMPLOYEE_PORT = PORT + 1;
export const AGENT_PORT = PORT + 2;
export const EMPLOYEE_BASE_URL = `http://localhost:${EMPLOYEE_PORT}`;
export const AGENT_BASE_URL = `http://localhost:${AGENT_PORT}`;
export const MAINTENANCE_BASE_URL = `http://127.0.0.1:${MAINTENANCE_PORT}`;
export const MAINTENANCE_MESSAGE = 'صيانة مجدولة حتى السادسة صباحًا';

export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: 'kahraba-e2e', secret: 'e2e-client-secret-not-for-production' } as const;
export const OIDC_PROVIDER_NAME = 'Test ID';

/** The local Fawry the portal asks for payment codes (server/test/gateways/fawry-server.ts, as a process). */
export const FAWRY_URL = `http://127.0.0.1:${FAWRY_PORT}`;
export const FAWRY_MERCHANT = { code: 'e2e-merchant', secureKey: 'e2e-fawry-secure-key-not-for-production' } as const;
