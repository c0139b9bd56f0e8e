import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { routes } from '../../../../contract/refs/routes.ts';
import type { routes as contract } from '../../../../contract/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';

export const useNewsletterSubscribe = () =>
  useMutation({ mutationFn: (email: string) => apiCall(routes.newsletterSubscribe, { body: { email } }) });

export type ContactInput = z.input<(typeof contract.contactMessage)['body']>;
export const useContactMessage = () =>
  useMutation({ mutationFn: (body: ContactInput) => apiCall(routes.contactMessage, { body }) });
