import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { ensureOrNotFound } from '../lib/ensure-or-not-found.ts';
import { searchText } from '../lib/search-params.ts';
import { MailboxPage } from '../features/account/components/mailbox-page.tsx';

export const Route = createFileRoute('/dev/mailbox')({
  validateSearch: (s): { recipient?: string | undefined } => ({ recipient: searchText(s.recipient, 254) }),
  loaderDeps: ({ search }) => ({ recipient: search.recipient ?? '' }),
  loader: async ({ context, deps }) => {
    const { mailboxQuery } = await import('../features/account/api/mailbox.ts');
    return ensureOrNotFound(context.queryClient, mailboxQuery(deps.recipient));
  },
  notFoundComponent: NotFoundPage,
  component: MailboxPage,
});
