/**
 * The ports of the end-to-end run: the portal (E2E_PORT), a second portal in maintenance mode, and a local OpenID
 * provider. Shared by playwright.config.ts and the specs (both read the same environment).
 */
export const PORT = Number(process.env.E2E_PORT ?? 4319);
export const MAINTENANCE_PORT = Number(process.env.E2E_MAINTENANCE_PORT ?? PORT + 1000);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 2000);

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
