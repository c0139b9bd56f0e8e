import { useMutation } from '@tanstack/react-query';
import type { TCurrentUser } from '../../../../contract/identity.ts';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { updateCurrentUser } from '../../../lib/session-api.ts';

/** GET {slug}/verifyUserEmail/{id}: sends the verification link again. */
export const useResendEmailVerification = () =>
  useMutation({
    mutationFn: (user: Pick<TCurrentUser, 'userSlug' | 'id'>) =>
      apiCall(identityRoutes.resendEmailVerification, { params: { userSlug: user.userSlug, userId: user.id } }),
  });

/** POST {slug}/verifyUserEmail with the link's token; the cached user becomes verified. */
export const useVerifyEmail = (user: TCurrentUser | undefined) =>
  useMutation({
    mutationFn: (token: string) =>
      apiCall(identityRoutes.verifyEmail, { params: { userSlug: user?.userSlug ?? 'citizen' }, body: { token } }),
    onSuccess: (r) => {
      if (user) updateCurrentUser({ ...user, email: r.email, emailVerified: true });
    },
  });
