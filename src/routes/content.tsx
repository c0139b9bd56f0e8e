import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages, loadReportsMessages } from '../lib/i18n.ts';

const ContentAdmin = lazy(() =>
  import('../features/staff/components/content-admin.tsx').then((m) => ({ default: m.ContentAdmin })),
);

/** /content: the portal's news, guides, banners, FAQ and home figures (issue 26, employee build; MANAGE_CONTENT). */
export const Route = createFileRoute('/content')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.content);
    requireBuildKind(context, ['employee']);
  },
  // Its texts are in the staff screens' catalog (with the reports); errors' texts in the account catalog.
  loader: () => Promise.all([loadAccountMessages(), loadReportsMessages()]),
  component: ContentAdmin,
});
