import { createFileRoute } from '@tanstack/react-router';
import { requireSignedOut } from '../lib/guards.ts';
import { searchNumber, searchText } from '../lib/search-params.ts';
import { safeRedirect } from '../features/auth/redirect.ts';
import { MobileValidatePage } from '../features/account/components/mobile-validate-page.tsx';

export const Route = createFileRoute('/mobileNumber-validate')({
  validateSearch: (
    s,
  ): { token?: string | undefined; masked?: string | undefined; resend?: number | undefined; redirect?: string | undefined } => ({
    token: searchText(s.token, 200),
    masked: searchText(s.masked, 40),
    resend: searchNumber(s.resend, 0, (n) => n >= 0 && n <= 3600),
    // Only a page of this site (an address from elsewhere is dropped: the step then leads home).
    redirect: safeRedirect(searchText(s.redirect, 2000)),
  }),
  beforeLoad: ({ context }) => requireSignedOut(context),
  component: MobileValidatePage,
});
