/** The account screens' query keys. */
export const accountKeys = {
  registrationType: ['account', 'registration-type'] as const,
  mailbox: (recipient: string) => ['account', 'mailbox', recipient] as const,
};
