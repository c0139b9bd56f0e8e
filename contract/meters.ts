import { z } from 'zod/mini';
import { ZId, ZIsoDateTime, int, plainText, wholeNumber } from './common.ts';
import { ZNationalId, latinDigits } from './identity.ts';

/*
 * Meters and their readings (spec section 3 "Meter"; section 2 "My meters", "Meter reading registration"; issue
 * 12). A citizen registers a meter, staff of its company approve or reject it (or delete it from the platform);
 * approved meters take monthly readings. Shapes shared by the server, the screens and the outbox.
 */

const opt = z.optional;

export const METER_STATUSES = ['pending', 'approved', 'rejected', 'deleted_by_platform', 'removed'] as const;
export type TMeterStatus = (typeof METER_STATUSES)[number];
export const METER_TYPES = ['single_phase', 'three_phase', 'prepaid', 'code'] as const;
export const CONNECTION_TYPES = ['residential', 'commercial', 'industrial', 'agricultural', 'government'] as const;
export const CONTRACT_TYPES = ['permanent', 'temporary', 'code'] as const;

/**
 * A meter id in an address: the server makes UUIDs; the demo seed's meters have fixed names (`demo-meter-home`,
 * server/seed/demo-bills.ts), so any short id token is taken (an unknown one is a 404, as a foreign one is).
 */
export const ZMeterId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** A meter number: 4 to 20 digits (Arabic-Indic digits accepted), spaces and dashes dropped. */
export const METER_NUMBER = /^[0-9]{4,20}$/;
export const ZMeterNumber = z.string().check(
  z.overwrite((s) => latinDigits(s).replace(/[\s-]/g, '')),
  z.regex(METER_NUMBER, { error: 'meter-number-invalid' }),
);
const ZCode = z.string().check(
  z.overwrite((s) => latinDigits(s.trim())),
  z.regex(/^[A-Za-z0-9-]{1,30}$/),
);
const ZWhole = (min: number, max: number) => int(min, max);

/** What a citizen writes when adding or editing a meter (company and sector follow from the service center). */
export const ZMeterFields = {
  name: opt(plainText(1, 60)),
  number: ZMeterNumber,
  type: z.enum(METER_TYPES),
  maker: opt(plainText(1, 100)),
  ownerName: plainText(3, 100),
  ownerFirstName: opt(plainText(1, 60)),
  ownerNationalId: ZNationalId,
  address: plainText(3, 300),
  area: opt(plainText(1, 100)),
  governorateId: opt(ZId),
  serviceCenterId: opt(ZId),
  connectionType: z.enum(CONNECTION_TYPES),
  contractType: opt(z.enum(CONTRACT_TYPES)),
  subscriberCode: opt(ZCode),
  chassisNumber: opt(ZCode),
  activityDescription: opt(plainText(1, 300)),
  placeDescription: opt(plainText(1, 300)),
  applicantDescription: opt(plainText(1, 300)),
  /** The display's reading when the meter is added: the first "previous reading". */
  initialReading: ZWhole(0, 999_999_999),
  /** How many digits the display has (4 to 9; 6 when not said). */
  digits: opt(ZWhole(4, 9)),
};
export const ZMeterBody = z.strictObject(ZMeterFields).check(
  z.refine((m) => m.initialReading <= 10 ** (m.digits ?? 6) - 1, {
    path: ['initialReading'],
    error: 'reading-over-display-invalid',
  }),
);
export type TMeterBody = z.input<typeof ZMeterBody>;
export const ZMeterUpdateBody = z.strictObject({ ...ZMeterFields, version: ZWhole(1, 1_000_000_000) }).check(
  z.refine((m) => m.initialReading <= 10 ** (m.digits ?? 6) - 1, {
    path: ['initialReading'],
    error: 'reading-over-display-invalid',
  }),
);
export const ZMeterRemoveBody = z.strictObject({ version: ZWhole(1, 1_000_000_000), reason: opt(plainText(1, 300)) });

const ZLastReading = z.object({ value: z.number(), period: z.string(), readAt: ZIsoDateTime });

export const ZMeter = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  number: z.string(),
  type: z.string(),
  maker: z.nullable(z.string()),
  ownerName: z.string(),
  ownerFirstName: z.nullable(z.string()),
  ownerNationalId: z.string(),
  address: z.string(),
  area: z.nullable(z.string()),
  governorateId: z.nullable(z.string()),
  companyId: z.nullable(z.string()),
  serviceCenterId: z.nullable(z.string()),
  sectorId: z.nullable(z.string()),
  connectionType: z.string(),
  contractType: z.nullable(z.string()),
  subscriberCode: z.nullable(z.string()),
  chassisNumber: z.nullable(z.string()),
  activityDescription: z.nullable(z.string()),
  placeDescription: z.nullable(z.string()),
  applicantDescription: z.nullable(z.string()),
  status: z.enum(METER_STATUSES),
  rejectionReason: z.nullable(z.string()),
  removalReason: z.nullable(z.string()),
  decidedAt: z.nullable(ZIsoDateTime),
  initialReading: z.number(),
  digits: z.number(),
  version: z.number(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  lastReading: z.nullable(ZLastReading),
});
export type TMeter = z.infer<typeof ZMeter>;
export const ZMeterList = z.object({ items: z.array(ZMeter) });
export type TMeterList = z.infer<typeof ZMeterList>;
export const ZMeterListQuery = z.object({ status: opt(z.enum(METER_STATUSES)) });

/* -------------------------------------------- staff decisions ---------------------------------------------- */

export const METER_DECISIONS = ['approve', 'reject', 'delete'] as const;
/** approve; reject or delete (by the platform) with the reason the owner reads. */
export const ZMeterDecisionBody = z
  .strictObject({ version: ZWhole(1, 1_000_000_000), decision: z.enum(METER_DECISIONS), reason: opt(plainText(3, 300)) })
  .check(
    z.refine((b) => b.decision === 'approve' || (b.reason !== undefined && b.reason.length > 0), {
      path: ['reason'],
      error: 'required',
    }),
  );
export type TMeterDecisionBody = z.input<typeof ZMeterDecisionBody>;
export const ZStaffMeter = z.object({ ...ZMeter.shape, ownerId: z.string(), ownerAccountName: z.string() });
export type TStaffMeter = z.infer<typeof ZStaffMeter>;
/** The staff meter list (issue 24): one status, paged oldest first (`limit` at most 100, 20 by default). */
export const ZStaffMeterQuery = z.object({
  status: opt(z.enum(METER_STATUSES)),
  limit: z._default(wholeNumber(1, 100), 20),
  skip: z._default(wholeNumber(0, 100_000), 0),
});
export const ZStaffMeterList = z.object({ items: z.array(ZStaffMeter), total: z.number() });

/* ------------------------------------------------ readings ------------------------------------------------- */

/** A reading as sent: the display's value, when it was read (the device's clock), the photo, the reader's answers. */
export const ZReadingBody = z.strictObject({
  value: ZWhole(0, 999_999_999),
  readAt: ZIsoDateTime,
  /** The display passed its maximum since the previous reading. */
  rollover: opt(z.boolean()),
  /** The reader confirmed an unusual jump (READING_UNUSUAL otherwise). */
  confirmUnusual: opt(z.boolean()),
  /** The picture of the display, uploaded first (the METER_READING service's readingPhoto field). */
  photoAttachmentId: opt(ZId),
});
export type TReadingBody = z.input<typeof ZReadingBody>;

export const ZReading = z.object({
  id: z.string(),
  meterId: z.string(),
  period: z.string(),
  value: z.number(),
  consumption: z.number(),
  rolledOver: z.boolean(),
  flags: z.array(z.string()),
  readAt: ZIsoDateTime,
  photoAttachmentId: z.nullable(z.string()),
  source: z.string(),
  createdAt: ZIsoDateTime,
});
export type TReading = z.infer<typeof ZReading>;
export const ZReadingList = z.object({
  meter: ZMeter,
  items: z.array(ZReading),
  /** kWh a day over the known readings (null: fewer than two), as the checks use it. */
  averageDaily: z.nullable(z.number()),
});
export type TReadingList = z.infer<typeof ZReadingList>;

/** Where the METER_READING service's photo is uploaded (the attachment route of requests). */
export const READING_PHOTO = { serviceSlug: 'METER_READING', activityId: 'apply', fieldId: 'readingPhoto' } as const;
