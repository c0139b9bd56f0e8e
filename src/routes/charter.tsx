import { createFileRoute } from '@tanstack/react-router';
import { CharterPage } from '../features/content/components/charter-page.tsx';

/** /charter: the clients charter (spec section 2). */
export const Route = createFileRoute('/charter')({ component: CharterPage });
