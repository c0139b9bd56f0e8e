import { createFileRoute } from '@tanstack/react-router';
import { requireSignedOut } from '../lib/guards.ts';
import { validateSignupSearch } from '../features/auth/redirect.ts';
import { SignupPage } from '../features/account/components/signup-page.tsx';

export const Route = createFileRoute('/signup')({
  // Where sign-up started (a service's new-request form, through /login): kept through the mobile's verification.
  validateSearch: validateSignupSearch,
  beforeLoad: ({ context }) => requireSignedOut(context),
  // The query module loads with the page, not with the app (the home page's size budget).
  loader: async ({ context }) => {
    const { registrationTypeQuery } = await import('../features/account/api/registration-type.ts');
    void context.queryClient.prefetchQuery(registrationTypeQuery());
  },
  component: SignupPage,
});
