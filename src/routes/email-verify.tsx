import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../lib/guards.ts';
import { searchText } from '../lib/search-params.ts';
import { EmailVerifyPage } from '../features/account/components/email-verify-page.tsx';

export const Route = createFileRoute('/email-verify')({
  validateSearch: (s): { token?: string | undefined } => ({ token: searchText(s.token, 200) }),
  beforeLoad: ({ context, location }) => requireSignedIn(context, location),
  component: EmailVerifyPage,
});
