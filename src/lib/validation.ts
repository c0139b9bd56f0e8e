import { ZEmail } from '../../contract/common.ts';

/** Field rules of spec section 5 that the client checks before sending: the contract's, which the server applies too. */
export const isValidEmail = (s: string): boolean => ZEmail.safeParse(s).success;
