import { isEmail } from '../../contract/basics.ts';

/**
 * Field rules of spec section 5 that the client checks before sending: the contract's, which the server applies too
 * (schema-free, contract/basics.ts: the footer's newsletter form loads on every page).
 */
export const isValidEmail = isEmail;
