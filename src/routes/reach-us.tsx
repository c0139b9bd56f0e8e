import { createFileRoute } from '@tanstack/react-router';
import { serviceCentersQuery } from '../features/content/api/content.ts';
import { ReachUsPage } from '../features/content/components/reach-us-page.tsx';

export const Route = createFileRoute('/reach-us')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(serviceCentersQuery()),
  component: ReachUsPage,
});
