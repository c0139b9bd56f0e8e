import { useMutation, useQuery } from '@tanstack/react-query';
import type { TCurrentUser, TProfilePatch } from '../../../../contract/identity.ts';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { routes } from '../../../../contract/refs/routes.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
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

/** The governorates the profile offers (the public reference data, one cache entry with the content pages'). */
export const useGovernorates = () =>
  useQuery({
    queryKey: sharedKeys.serviceCenters(),
    queryFn: ({ signal }) => apiCall(routes.serviceCenters, {}, { signal }),
    select: (data) => data.governorates,
  });
