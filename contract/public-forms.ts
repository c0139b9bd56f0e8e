import { z } from 'zod/mini';
import { ZEmail, ZId, ZIsoDateTime, ZLang, ZSlug, freeText, int, plainText, plainTextCheck } from './common.ts';

/*
 * Public forms and reports (no sign-in): newsletter, contact message (spec section 3), error reports and time on
 * page (spec section 4 "Error boundary"). Bodies reject unknown keys.
 */

/**
 * Newsletter form (spec section 3). The e-mail is only bounded here: the handler checks it, so an invalid
 * address answers ValidationError (400) and an address already subscribed VALIDATION_ERROR (409), as the UI
 * expects (spec section 8).
 */
export const ZNewsletterSubscribeBody = z.strictObject({ email: z.string().check(z.maxLength(254), plainTextCheck()) });
export const ZNewsletterSubscribed = z.object({ subscribed: z.literal(true) });

export const CONTACT_MESSAGE_TYPES = ['complaint', 'inquiry', 'suggestion'] as const;
export type TContactMessageType = (typeof CONTACT_MESSAGE_TYPES)[number];
/** An Egyptian mobile (contract/identity.ts MOBILE_RE), here without the identity contract. */
const ZContactMobile = z.string().check(z.trim(), z.regex(/^01[0125]\d{8}$/));
/** A request number as a citizen types it: digits, letters and dashes, up to 30. */
export const ZRequestNumber = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,30}$/));

/** Contact message (spec section 3); `serviceSlug`, when given, must name an existing service. */
export const ZContactMessageBody = z.strictObject({
  fullName: plainText(3, 100),
  email: ZEmail,
  messageType: z.enum(CONTACT_MESSAGE_TYPES),
  /** Optional: the service-quality staff may answer by SMS (issue 26). */
  mobile: z.optional(ZContactMobile),
  serviceSlug: z.optional(ZSlug),
  requestId: z.optional(ZRequestNumber),
  message: freeText(10, 2000),
});
export type TContactMessageBody = z.input<typeof ZContactMessageBody>;

/** `CM-<year>-<number, at least 6 digits>`. */
export const CONTACT_REFERENCE_RE = /^CM-\d{4}-\d{6,}$/;
export const ZContactMessageReceived = z.object({ referenceNumber: z.string().check(z.regex(CONTACT_REFERENCE_RE)) });

const ZUserSlug = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** A render crash reported by the error boundary, with the page link and the user identity when signed in. */
export const ZClientErrorReport = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(2000)),
  stack: z.optional(z.string().check(z.maxLength(8000))),
  pageUrl: z.string().check(z.minLength(1), z.maxLength(2000)),
  userId: z.optional(ZId),
  userSlug: z.optional(ZUserSlug),
  lang: z.optional(ZLang),
  userAgent: z.optional(z.string().check(z.maxLength(500))),
  occurredAt: ZIsoDateTime,
});

/** Time on page, sent on page leave (navigator.sendBeacon posts it as text/plain). */
export const ZPageTime = z.strictObject({
  pageUrl: z.string().check(z.minLength(1), z.maxLength(2000)),
  seconds: int(0, 86_400),
  userId: z.optional(ZId),
  lang: z.optional(ZLang),
});

export const ZReceived = z.object({ received: z.literal(true) });
