import { useMutation } from '@tanstack/react-query';
import type { TCurrentUser, TProfilePatch } from '../../../../contract/identity.ts';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { updateCurrentUser } from '../../../lib/session-api.ts';

/** PATCH {userSlug}/{userId}: the returned user replaces the cached current user. */
export const useUpdateProfile = (user: TCurrentUser) =>
  useMutation({
    mutationFn: (body: TProfilePatch) =>
      apiCall(identityRoutes.updateProfile, { params: { userSlug: user.userSlug, userId: user.id }, body }),
    onSuccess: (updated) => updateCurrentUser(updated),
  });

/** POST {userSlug}/change-password (other sessions end). */
export const useChangePassword = (user: TCurrentUser) =>
  useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
      apiCall(identityRoutes.changePassword, { params: { userSlug: user.userSlug }, body }),
  });
