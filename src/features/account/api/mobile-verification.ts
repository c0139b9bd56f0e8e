import { useMutation } from '@tanstack/react-query';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** The registration user type's slug: the mobile step is a citizen's (staff verify their mobile through the same path). */
const SLUG = 'citizen';

/** POST {userSlug}/sendMobileVerification: a new code for the same verification step. */
export const useSendMobileCode = () =>
  useMutation({
    mutationFn: (verificationToken: string) =>
      apiCall(identityRoutes.sendMobileVerification, { params: { userSlug: SLUG }, body: { verificationToken } }),
  });

/** POST {userSlug}/verifyMobile: the code signs the user in. */
export const useVerifyMobile = () =>
  useMutation({
    mutationFn: (body: { verificationToken: string; code: string }) =>
      apiCall(identityRoutes.verifyMobile, { params: { userSlug: SLUG }, body }),
  });
