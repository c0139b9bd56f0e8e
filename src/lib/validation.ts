/** Field rules of spec section 5 that the client checks before sending (the server checks them again). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isValidEmail = (s: string): boolean => EMAIL_RE.test(s.trim()) && s.trim().length <= 254;
