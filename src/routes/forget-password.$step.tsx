import { createFileRoute, notFound } from '@tanstack/react-router';
import { searchText } from '../lib/search-params.ts';
import { requireSignedOut } from '../lib/guards.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { STEPS, type Step } from '../features/account/forgot-password-steps.ts';
import { ForgetPasswordPage } from '../features/account/components/forgot-password-page.tsx';

export const Route = createFileRoute('/forget-password/$step')({
  validateSearch: (s): { token?: string | undefined } => ({ token: searchText(s.token, 200) }),
  beforeLoad: ({ context, params }) => {
    if (!STEPS.includes(params.step as Step)) throw notFound();
    requireSignedOut(context);
  },
  notFoundComponent: NotFoundPage,
  component: ForgetPasswordPage,
});
