import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/content/components/privacy-page.tsx';

export const Route = createFileRoute('/privacyPolicy')({ component: PrivacyPage });
