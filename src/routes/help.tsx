import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/content/components/help-page.tsx';

/** /help: how to use the portal (spec section 2 "Tickets, inbox, help, code of conduct, clients charter"). */
export const Route = createFileRoute('/help')({ component: HelpPage });
