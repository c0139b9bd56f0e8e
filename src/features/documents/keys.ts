/** The documents' query keys. */
export const documentKeys = {
  qr: (secret: string) => ['documents', 'qr', secret] as const,
};
