import { useMutation } from '@tanstack/react-query';
import { identityRoutes } from '../../../../contract/refs/routes-identity.ts';
import { apiCall } from '../../../lib/api-client.ts';

const SLUG = 'citizen';

/** Step validate: POST {userSlug}/forgetPassword (the same answer whether an account matched). */
export const useForgetPassword = () =>
  useMutation({
    mutationFn: (body: { identifier: string; channel: 'email' | 'sms' }) =>
      apiCall(identityRoutes.forgetPassword, { params: { userSlug: SLUG }, body }),
  });

/** Step otp: POST {userSlug}/validateResetPasswordOTP gives a single-use reset token. */
export const useValidateResetOtp = () =>
  useMutation({
    mutationFn: (body: { resetId: string; code: string }) =>
      apiCall(identityRoutes.validateResetOtp, { params: { userSlug: SLUG }, body }),
  });

/** Step reset: POST {userSlug}/reset-password with `Authorization: Bearer <resetToken>`. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ resetToken, password, confirmPassword }: { resetToken: string; password: string; confirmPassword: string }) =>
      apiCall(
        identityRoutes.resetPassword,
        { params: { userSlug: SLUG }, body: { password, confirmPassword } },
        { bearer: resetToken },
      ),
  });
