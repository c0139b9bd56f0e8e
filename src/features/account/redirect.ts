/** A same-site path to go to after a step (the remembered `redirect`); anything else becomes `/` (no open redirect). */
export const safeRedirect = (to: string | undefined): string => (to && /^\/(?!\/)[^\s\\]*$/.test(to) ? to : '/');
