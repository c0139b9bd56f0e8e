import crypto from 'node:crypto';

/**
 * The stored form of an anonymous filer's `Request-Owner-Token` (the same as the requests use cases store:
 * SHA-256 of a labelled token), compared with the request's and the attachment's owner token hash.
 */
export const hashOwnerToken = (token: string): string =>
  crypto.createHash('sha256').update(`request-owner-token\0${token}`).digest('hex');
