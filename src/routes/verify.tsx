import { createFileRoute } from '@tanstack/react-router';
import { VerifyDocumentPage } from '../features/documents/components/verify-document.tsx';
import { searchText } from '../lib/search-params.ts';

/** /verify?secret=…: the document a QR code certifies, outside the main layout (spec section 2). */
export const Route = createFileRoute('/verify')({
  validateSearch: (s): { secret: string } => ({ secret: searchText(s.secret, 200) ?? '' }),
  staticData: { bare: true },
  component: function VerifyRoute() {
    const { secret } = Route.useSearch();
    return <VerifyDocumentPage secret={secret} />;
  },
});
