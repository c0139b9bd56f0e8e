/**
 * The ports of the end-to-end run: the portal (E2E_PORT), a second portal with a short idle timeout, and a local
 * OpenID provider. Shared by playwright.config.ts and the specs (both read the same environment).
 */
export const PORT = Number(process.env.E2E_PORT ?? 4319);
export const IDLE_PORT = Number(process.env.E2E_IDLE_PORT ?? PORT + 1000);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 2000);

export const BASE_URL = `http://localhost:${PORT}`;
export const IDLE_BASE_URL = `http://localhost:${IDLE_PORT}`;
/** The short-timeout portal's IDLE_TIMEOUT_MS (the smallest the server accepts is 10 s). */
export const IDLE_TIMEOUT_MS = 15_000;

export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: 'kahraba-e2e', secret: 'e2e-client-secret-not-for-production' } as const;
export const OIDC_PROVIDER_NAME = 'Test ID';
