/** The sign-in screens' query keys. */
export const authKeys = {
  staffUserTypes: ['identity', 'userTypes', 'staff'] as const,
  authMeta: (redirectUrl: string) => ['identity', 'authMeta', redirectUrl] as const,
};
