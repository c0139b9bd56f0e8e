import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSignedOut } from '../lib/guards.ts';
import { validateLoginSearch } from '../features/auth/redirect.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // Signed-out only (spec section 2). Right after signing in, the remembered page is where this leads.
  beforeLoad: ({ context, search }) => {
    if (context.viewer.kind !== 'visitor' && search.redirect) throw redirect({ href: search.redirect, replace: true });
    requireSignedOut(context);
  },
  component: LoginPage,
});
