import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../features/auth/components/auth-callback-page.tsx';

/** What the identity provider sends back (OpenID Connect authorization response). */
type CallbackSearch = { code?: string; state?: string; iss?: string; error?: string };

export const Route = createFileRoute('/auth-callback')({
  validateSearch: (s: Record<string, unknown>): CallbackSearch => ({
    ...(typeof s.code === 'string' ? { code: s.code } : {}),
    ...(typeof s.state === 'string' ? { state: s.state } : {}),
    ...(typeof s.iss === 'string' ? { iss: s.iss } : {}),
    ...(typeof s.error === 'string' ? { error: s.error } : {}),
  }),
  component: AuthCallbackPage,
});
