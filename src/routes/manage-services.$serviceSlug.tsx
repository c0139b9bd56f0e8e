import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { APP_KIND } from '../lib/constants.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages, loadReportsMessages } from '../lib/i18n.ts';

const ServiceEditor = lazy(() =>
  import('../features/catalog-admin/components/service-editor.tsx').then((m) => ({ default: m.ServiceEditor })),
);

/** /manage-services/{serviceSlug}: one service's settings, forms and changes (issue 26, employee build; MANAGE_SERVICES). */
export const Route = createFileRoute('/manage-services/$serviceSlug')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.catalog);
    requireBuildKind(context, ['employee']);
  },
  loader: () => Promise.all([loadAccountMessages(), loadReportsMessages()]),
  component: APP_KIND === 'employee' ? EditorPage : NotFoundPage,
});

function EditorPage() {
  const { serviceSlug } = Route.useParams();
  return <ServiceEditor serviceSlug={serviceSlug} />;
}
