import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { APP_KIND } from '../lib/constants.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages, loadReportsMessages } from '../lib/i18n.ts';

const ManageServicesPage = lazy(() =>
  import('../features/catalog-admin/components/manage-services-page.tsx').then((m) => ({ default: m.ManageServicesPage })),
);

/** /manage-services: the services, for the people who run them (issue 26, employee build; MANAGE_SERVICES). */
export const Route = createFileRoute('/manage-services/')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.catalog);
    requireBuildKind(context, ['employee']);
  },
  loader: () => Promise.all([loadAccountMessages(), loadReportsMessages()]),
  component: APP_KIND === 'employee' ? ManageServicesPage : NotFoundPage,
});
