import { createFileRoute } from '@tanstack/react-router';
import { lazy } from 'react';
import { ROLES_FOR } from '../../contract/roles.ts';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { APP_KIND } from '../lib/constants.ts';
import { requireBuildKind, requireRole } from '../lib/guards.ts';
import { loadAccountMessages, loadReportsMessages } from '../lib/i18n.ts';

const QualityPage = lazy(() =>
  import('../features/quality/components/quality-page.tsx').then((m) => ({ default: m.QualityPage })),
);

/**
 * /quality: service quality management (issue 26, decision 066): follow-ups of low ratings, contact messages,
 * ratings and SLA breaches. The employee build's, for MANAGE_SERVICE_QUALITY only.
 */
export const Route = createFileRoute('/quality')({
  beforeLoad: ({ context, location }) => {
    requireRole(context, location, ROLES_FOR.serviceQuality);
    requireBuildKind(context, ['employee']);
  },
  loader: () => Promise.all([loadAccountMessages(), loadReportsMessages()]),
  component: APP_KIND === 'employee' ? QualityPage : NotFoundPage,
});
