import { z } from 'zod/mini';
import { ZFieldsSchema } from './fields.ts';
import { ZEmail, ZId, ZIsoDateTime, ZLocalized, freeText, int, plainText, plainTextCheck } from './common.ts';
import { FIELD_CODES } from './form-errors.ts';

/*
 * Identity (spec sections 3 to 8): user types, accounts, sessions, codes, second factor, external sign-in and
 * agents. Field rules of spec section 5 live here once; the client checks them before sending and the server
 * applies the same schemas. A failing field answers 400 INVALID_INPUT with `fieldErrors: { field: [code] }`,
 * and the codes below are the ones the UI translates next to the field.
 */

/** The account field codes live with the form engine's codes (contract/form-errors.ts). */
export { FIELD_CODES };

/** Arabic-Indic and Persian digits become Latin ones: number inputs accept both (quality.md "Accessibility"). */
export const latinDigits = (s: string): string =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));

/** Username: digits and lowercase letters only (spec section 5), 3 to 32 of them. */
export const USERNAME_RE = /^[a-z0-9]{3,32}$/;
/** Egyptian mobile number: 01, then 0, 1, 2 or 5, then 8 digits (spec section 5). */
export const MOBILE_RE = /^01[0125]\d{8}$/;
/**
 * Egyptian landline (issue 24): the area code with its 0, then the subscriber's number: Cairo and Giza 02 + 8
 * digits, Alexandria 03 + 7, every other governorate's three-digit code + 7 (10 digits in all, 9 for Alexandria).
 */
export const LANDLINE_RE =
  /^(?:02\d{8}|03\d{7}|0(?:13|15|40|45|46|47|48|50|55|57|62|64|65|66|68|69|82|84|86|88|92|93|95|96|97)\d{7})$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;

/** Password rule (spec sections 5 and 9): 8 to 15 characters with an upper-case and a lower-case letter, a digit and a symbol. */
export function isStrongPassword(p: string): boolean {
  return (
    p.length >= PASSWORD_MIN &&
    p.length <= PASSWORD_MAX &&
    /[A-Z]/.test(p) &&
    /[a-z]/.test(p) &&
    /\d/.test(p) &&
    /[^A-Za-z0-9\s]/.test(p) &&
    !/\s/.test(p)
  );
}

/** Governorate codes of the Egyptian national id (digits 8 and 9). */
export const NATIONAL_ID_GOVERNORATES: ReadonlySet<string> = new Set([
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '31',
  '32',
  '33',
  '34',
  '35',
  '88',
]);

/**
 * The Egyptian 14-digit national id structure: century (2 = 1900s, 3 = 2000s), birth date YYMMDD that exists
 * and is not in the future, governorate code, a 4-digit serial and a check digit. (The check digit's algorithm
 * is not public, so it is not verified.)
 */
export function isValidNationalId(id: string, now: Date = new Date()): boolean {
  if (!/^[23]\d{13}$/.test(id)) return false;
  const year = (id[0] === '2' ? 1900 : 2000) + Number(id.slice(1, 3));
  const month = Number(id.slice(3, 5));
  const day = Number(id.slice(5, 7));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (birth.getTime() > now.getTime()) return false;
  return NATIONAL_ID_GOVERNORATES.has(id.slice(7, 9));
}

/** A string of digits as typed: Arabic-Indic digits made Latin, spaces and dashes dropped. */
export const digits = () => z.string().check(z.overwrite((s) => latinDigits(s).replace(/[\s-]/g, '')));

export const ZUsername = z.string().check(
  z.overwrite((s) => latinDigits(s.trim())),
  z.regex(USERNAME_RE, { error: FIELD_CODES.username }),
);
export const ZMobile = digits().check(z.regex(MOBILE_RE, { error: FIELD_CODES.mobile }));
export const ZLandline = digits().check(z.regex(LANDLINE_RE, { error: 'landline-invalid' }));
export const ZNationalId = digits().check(z.refine((s) => isValidNationalId(s), { error: FIELD_CODES.nationalId }));
export const ZPassword = z.string().check(z.refine(isStrongPassword, { error: FIELD_CODES.password }));
/** A password as typed at sign-in: bounded, not checked against the rule (old accounts may predate it). */
export const ZPasswordAttempt = z.string().check(z.minLength(1, { error: FIELD_CODES.required }), z.maxLength(128));
export const ZAccountEmail = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(254, { error: FIELD_CODES.email }),
  z.refine((s) => ZEmail.safeParse(s).success, { error: FIELD_CODES.email }),
);
export const ZName = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, { error: FIELD_CODES.name }),
    z.maxLength(50, { error: FIELD_CODES.name }),
    z.regex(/^[\p{L}\p{M}' .-]+$/u, { error: FIELD_CODES.name }),
  );
/** A one-time code: 6 digits (Arabic-Indic digits accepted). */
export const ZOtpCode = digits().check(z.regex(/^\d{6}$/, { error: FIELD_CODES.code }));
/** An opaque random token (reset, verification, second-factor step): base64url. */
export const ZToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/));

/* --------------------------------------------- user types --------------------------------------------------- */

export const USER_KINDS = ['citizen', 'employee', 'agent', 'agent_employee'] as const;
export type TUserKind = (typeof USER_KINDS)[number];

/** A user type (spec "Dynamic user model"): its slug, whether it is the public registration type, and its form. */
export const ZUserType = z.object({
  userSlug: z.string(),
  kind: z.enum(USER_KINDS),
  registration: z.boolean(),
  label: ZLocalized,
  /** The sign-up / profile form, rendered by the form engine; option lists (company, sector, serviceCenter) are in `uniforms.options`. */
  schema: ZFieldsSchema,
});
export type TUserType = z.infer<typeof ZUserType>;

/* --------------------------------------------- accounts ------------------------------------------------------ */

export const ZSignupBody = z
  .strictObject({
    firstName: ZName,
    lastName: ZName,
    username: ZUsername,
    email: z.optional(z.union([z.literal(''), ZAccountEmail])),
    mobile: ZMobile,
    nationalId: ZNationalId,
    password: ZPassword,
    confirmPassword: z.string(),
  })
  .check(z.refine((b) => b.password === b.confirmPassword, { error: FIELD_CODES.passwordMismatch, path: ['confirmPassword'] }));
export type TSignupBody = z.input<typeof ZSignupBody>;

/** After sign-up or a sign-in with an unverified mobile: the mobile step (`/mobileNumber-validate`). */
export const ZMobileVerificationStep = z.object({
  verificationToken: z.string(),
  mobileMasked: z.string(),
  resendAfterSeconds: int(0),
  expiresInMinutes: int(1),
});
export type TMobileVerificationStep = z.infer<typeof ZMobileVerificationStep>;

export const ZProfile = z.object({
  homeAddress: z.optional(z.string()),
  /** The governorate the citizen lives in (a reference governorate's id): forms asking for one open with it. */
  governorate: z.optional(z.string()),
  nationality: z.optional(z.string()),
  passportNumber: z.optional(z.string()),
  job: z.optional(z.string()),
  phone: z.optional(z.string()),
  /** The landline (LANDLINE_RE); staff find a citizen by it (issue 24). */
  landline: z.optional(z.string()),
  /** A company's account (decision 061): its registration numbers and authorised person, shown on its profile. */
  commercialRegistration: z.optional(z.string()),
  taxNumber: z.optional(z.string()),
  authorisedName: z.optional(z.string()),
  authorisedNationalId: z.optional(z.string()),
});

/** The current user (spec "User (current user)"). */
export const ZCurrentUser = z.object({
  id: ZId,
  /** The account number shown to the user. */
  ID: z.string(),
  userSlug: z.string(),
  kind: z.enum(USER_KINDS),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.nullable(z.string()),
  emailVerified: z.boolean(),
  mobile: z.nullable(z.string()),
  mobileVerified: z.boolean(),
  nationalId: z.nullable(z.string()),
  age: z.nullable(z.number()),
  profile: ZProfile,
  roles: z.array(z.string()),
  company: z.nullable(z.string()),
  serviceCenter: z.array(z.string()),
  favoriteServices: z.array(z.string()),
  userImage: z.array(z.object({ url: z.string() })),
  mfa: z.object({
    totp: z.boolean(),
    passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: ZIsoDateTime })),
  }),
  createdAt: ZIsoDateTime,
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** Profile edit: what may change. Keys that exist but may not change (username, nationalId, mobile, roles, ...) answer NOT_EDITABLE. */
export const EDITABLE_PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'homeAddress',
  'governorate',
  'nationality',
  'passportNumber',
  'job',
  'phone',
  'landline',
] as const;
export const NOT_EDITABLE_FIELDS = [
  'username',
  'nationalId',
  'mobile',
  'roles',
  'userSlug',
  'id',
  'ID',
  'company',
  'serviceCenter',
  'emailVerified',
  'mobileVerified',
  'password',
] as const;
const optText = (max: number) => z.optional(plainText(0, max));
export const ZProfilePatch = z.strictObject({
  firstName: z.optional(ZName),
  lastName: z.optional(ZName),
  email: z.optional(z.union([z.literal(''), ZAccountEmail])),
  homeAddress: optText(200),
  // A governorate of the reference data (the server checks that it exists); '' clears it.
  governorate: z.optional(z.string().check(z.trim(), z.regex(/^([A-Za-z0-9_-]{1,64})?$/, { error: 'value-not-allowed' }))),
  nationality: optText(60),
  passportNumber: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{0,20}$/, { error: 'passport-invalid' }))),
  job: optText(80),
  phone: z.optional(z.union([z.literal(''), ZMobile])),
  landline: z.optional(z.union([z.literal(''), ZLandline])),
  // Present so that they answer NOT_EDITABLE rather than "unknown key".
  ...Object.fromEntries(NOT_EDITABLE_FIELDS.map((k) => [k, z.optional(z.unknown())])),
});
export type TProfilePatch = Partial<Record<(typeof EDITABLE_PROFILE_FIELDS)[number], string>>;

export const ZChangePasswordBody = z.strictObject({
  oldPassword: z.optional(z.string().check(z.maxLength(128))),
  newPassword: z.optional(z.string().check(z.maxLength(128))),
  confirmPassword: z.optional(z.string().check(z.maxLength(128))),
});

/* --------------------------------------------- sign-in ------------------------------------------------------- */

/** Sign in with a username, e-mail, mobile number or national id, and the password. */
export const ZLoginBody = z.strictObject({
  username: z.string().check(z.trim(), z.minLength(1, { error: FIELD_CODES.required }), z.maxLength(254), plainTextCheck()),
  password: ZPasswordAttempt,
});

export const MFA_METHODS = ['totp', 'webauthn'] as const;
export const ZSignedIn = z.object({
  status: z.literal('signed-in'),
  user: ZCurrentUser,
  csrfToken: z.string(),
  idleTimeoutMs: int(0),
});
export type TSignedIn = z.infer<typeof ZSignedIn>;
export const ZLoginResult = z.discriminatedUnion('status', [
  ZSignedIn,
  z.object({ status: z.literal('mfa-required'), mfaToken: z.string(), methods: z.array(z.enum(MFA_METHODS)) }),
  z.object({ status: z.literal('mobile-unverified'), step: ZMobileVerificationStep }),
]);
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** The second-factor step (`POST {slug}/MFA`, Authorization: Bearer <mfaToken>). */
export const ZMfaBody = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code: ZOtpCode }),
  z.strictObject({ method: z.literal('webauthn-options') }),
  z.strictObject({ method: z.literal('webauthn'), response: z.record(z.string(), z.unknown()) }),
]);
export const ZMfaResult = z.union([
  ZSignedIn,
  z.object({ status: z.literal('webauthn-options'), options: z.record(z.string(), z.unknown()) }),
]);

export const ZLogoutBody = z.strictObject({ redirectUrl: z.optional(z.string().check(z.maxLength(2000))) });
export const ZLogoutResult = z.object({ signedOut: z.literal(true), redirectUrl: z.string() });

export const ZHeartbeatBody = z.strictObject({ lastActive: ZIsoDateTime });
export const ZHeartbeatResult = z.object({ expiresAt: ZIsoDateTime, idleTimeoutMs: int(0) });

/* --------------------------------------------- codes ---------------------------------------------------------- */

export const ZCodeSent = z.object({ sent: z.literal(true), resendAfterSeconds: int(0), expiresInMinutes: int(1) });

export const ZSendMobileVerificationBody = z.strictObject({ verificationToken: ZToken });
export const ZVerifyMobileBody = z.strictObject({ verificationToken: ZToken, code: ZOtpCode });

export const RESET_CHANNELS = ['email', 'sms'] as const;
/** Forgot password, step "validate": who (username, e-mail, mobile or national id) and by which channel. */
export const ZForgetPasswordBody = z.strictObject({
  identifier: z.string().check(z.trim(), z.minLength(1, { error: FIELD_CODES.required }), z.maxLength(254), plainTextCheck()),
  channel: z.enum(RESET_CHANNELS),
});
/** Always the same shape, whether an account matched or not (no account enumeration). */
export const ZForgetPasswordResult = z.object({
  resetId: z.string(),
  channel: z.enum(RESET_CHANNELS),
  resendAfterSeconds: int(0),
  expiresInMinutes: int(1),
});
export const ZValidateResetOtpBody = z.strictObject({ resetId: ZToken, code: ZOtpCode });
export const ZResetToken = z.object({ resetToken: z.string() });
/** Step "reset" (Authorization: Bearer <resetToken>). */
export const ZResetPasswordBody = z
  .strictObject({ password: ZPassword, confirmPassword: z.string() })
  .check(z.refine((b) => b.password === b.confirmPassword, { error: FIELD_CODES.passwordMismatch, path: ['confirmPassword'] }));

export const ZVerifyEmailBody = z.strictObject({ token: ZToken });
export const ZEmailVerified = z.object({ verified: z.literal(true), email: z.string() });
export const ZEmailInvitationSent = z.object({ sent: z.literal(true), emailMasked: z.string(), resendAfterSeconds: int(0) });

/* --------------------------------------------- second factor enrolment --------------------------------------- */

export const ZTotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export const ZTotpConfirmBody = z.strictObject({ code: ZOtpCode });
export const ZPasskeyRegisterBody = z.strictObject({
  name: plainText(1, 60),
  response: z.record(z.string(), z.unknown()),
});
export const ZOptions = z.object({ options: z.record(z.string(), z.unknown()) });

/* --------------------------------------------- external sign-in ---------------------------------------------- */

export const ZAuthMetaQuery = z.strictObject({ redirectUrl: z.string().check(z.minLength(1), z.maxLength(2000)) });
export const ZAuthMeta = z.object({
  enabled: z.boolean(),
  authorizationUrl: z.nullable(z.string()),
  providerName: z.nullable(z.string()),
});
export const ZExchangeTokenBody = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(2000)),
  state: z.string().check(z.minLength(1), z.maxLength(200)),
  redirectUrl: z.string().check(z.minLength(1), z.maxLength(2000)),
  /** The `iss` the provider added to /auth-callback (RFC 9207), forwarded as received. */
  iss: z.optional(z.string().check(z.maxLength(2000))),
});

/* --------------------------------------------- agents and staff search --------------------------------------- */

const citizenSearchShape = {
  nationalId: z.optional(ZNationalId),
  passportNumber: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{5,20}$/, { error: 'passport-invalid' }))),
  mobile: z.optional(ZMobile),
  /** A landline finds the citizen whose profile holds it (issue 24). */
  landline: z.optional(ZLandline),
  /** Why the employee or agent looks this citizen up (decision 071): kept in the data-access record, shown to the citizen. */
  reason: z.optional(freeText(3, 300)),
};
/** Citizen search (spec section 5): a national id, a passport number or a phone (mobile or landline) is needed. */
export const ZCitizenSearchBody = z.strictObject(citizenSearchShape).check(
  z.refine((b) => Boolean(b.nationalId || b.passportNumber || b.mobile || b.landline), {
    error: 'citizen-search-required',
    path: ['nationalId'],
  }),
);
export const ZCitizenSummary = z.object({
  id: ZId,
  fullName: z.string(),
  nationalId: z.nullable(z.string()),
  mobileMasked: z.nullable(z.string()),
});
export type TCitizenSummary = z.infer<typeof ZCitizenSummary>;
/**
 * The agent view: the agent's own data plus the citizen they act for (name and national id). Choosing a citizen
 * also answers an owner token naming the agent and the citizen (decision 055): the device keeps it, and the
 * agent's next session (after a browser restart) acts for the citizen again with it until it expires.
 */
export const ZAgentView = z.object({
  agent: ZCurrentUser,
  citizen: z.nullable(ZCitizenSummary),
  ownerToken: z.optional(z.object({ token: z.string(), expiresAt: ZIsoDateTime })),
});
export type TAgentView = z.infer<typeof ZAgentView>;
/** POST /api/agent/{id}/citizen: a citizen found as on every search, or the owner token an earlier session got. */
export const ZAgentActForBody = z
  .strictObject({
    ...citizenSearchShape,
    ownerToken: z.optional(z.string().check(z.regex(/^ot1\.[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{43}$/))),
  })
  .check(
    z.refine((b) => Boolean(b.ownerToken || b.nationalId || b.passportNumber || b.mobile || b.landline), {
      error: 'citizen-search-required',
      path: ['nationalId'],
    }),
  );

/*
 * An agent registers a new citizen (issue 24, decision 061): the citizen's details, then the code the SMS sent to
 * the citizen's own mobile; the account exists only after the code.
 */
export const ZAgentRegisterBody = z.strictObject({
  firstName: ZName,
  lastName: ZName,
  nationalId: ZNationalId,
  mobile: ZMobile,
  email: z.optional(z.union([z.literal(''), ZAccountEmail])),
  landline: z.optional(z.union([z.literal(''), ZLandline])),
});
export type TAgentRegisterBody = z.input<typeof ZAgentRegisterBody>;
export const ZAgentRegistrationStep = z.object({
  registrationToken: z.string(),
  mobileMasked: z.string(),
  resendAfterSeconds: int(0),
  expiresInMinutes: int(1),
});
export type TAgentRegistrationStep = z.infer<typeof ZAgentRegistrationStep>;
export const ZAgentRegisterConfirmBody = z.strictObject({ registrationToken: ZToken, code: ZOtpCode });

/* --------------------------------------------- developer mailbox --------------------------------------------- */

export const ZOutboxMessage = z.object({
  id: z.number(),
  /** push: the recipient is a push subscription's id, the body the push's JSON (decision 051). */
  channel: z.enum(['email', 'sms', 'push']),
  recipient: z.string(),
  subject: z.nullable(z.string()),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  createdAt: ZIsoDateTime,
  sentAt: z.nullable(ZIsoDateTime),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZMailbox = z.object({ items: z.array(ZOutboxMessage) });
