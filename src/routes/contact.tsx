import { createFileRoute } from '@tanstack/react-router';
import { categoriesQueryOptions } from '../features/catalog/api/get-categories.ts';
import { useAllServices } from '../features/catalog/use-all-services.ts';
import { ContactPage } from '../features/public-forms/components/contact-page.tsx';

export const Route = createFileRoute('/contact')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(categoriesQueryOptions()),
  component: ContactRoute,
});

/** The contact form (public forms), whose service list is the catalogue's. */
function ContactRoute() {
  const { services } = useAllServices();
  return <ContactPage services={services} />;
}
