import { useMutation } from '@tanstack/react-query';
import type { TSignupBody } from '../../../../contract/identity.ts';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /{userSlug}: 201 with the mobile verification step. */
export const useSignup = () =>
  useMutation({
    mutationFn: ({ userSlug, body }: { userSlug: string; body: TSignupBody }) =>
      apiCall(identityRoutes.signup, { params: { userSlug }, body }),
  });
