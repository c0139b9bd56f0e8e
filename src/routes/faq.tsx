import { createFileRoute } from '@tanstack/react-router';
import { faqQuery } from '../features/content/api/content.ts';
import { FaqPage } from '../features/content/components/faq-page.tsx';

export const Route = createFileRoute('/faq')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(faqQuery()),
  component: FaqPage,
});
