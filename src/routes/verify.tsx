import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { VerifyDocumentPage } from '../features/documents/components/verify-document.tsx';

const ZSearch = z.object({ secret: z._default(z.catch(z.string().check(z.maxLength(200)), ''), '') });

/** /verify?secret=…: the document a QR code certifies, outside the main layout (spec section 2). */
export const Route = createFileRoute('/verify')({
  validateSearch: (s) => ZSearch.parse(s),
  staticData: { bare: true },
  component: function VerifyRoute() {
    const { secret } = Route.useSearch();
    return <VerifyDocumentPage secret={secret} />;
  },
});
