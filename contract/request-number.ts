import type { TLang } from './basics.ts';

/*
 * Readable request numbers (issue 23 part 6, decision 061). A request's number is stored and addressed as
 * `SLUG-YYYY-000123` (server/domain/requests/submit.ts, one counter per service and year): unique, in URLs, in
 * the papers' QR codes. People read it with a short prefix per service chosen per language instead of the slug:
 * «شك-2026-000123» in Arabic, "CMP-2026-000123" in English. `readableNumber` is the one formatting; screens draw
 * it with `RequestNumber` (the number part a left-to-right isolate, so it never scrambles in Arabic), and
 * `storedNumber` turns either readable form (or the stored one) back into the stored number, so a search by any
 * of them finds the request. A service not in the table keeps its slug.
 */

type Prefix = Record<TLang, string>;
const P = (ar: string, en: string): Prefix => ({ ar, en });

export const NUMBER_PREFIXES: Readonly<Record<string, Prefix>> = {
  PAYBILLS: P('سدد', 'PAY'),
  BILL_CALCULATOR: P('حسب', 'CAL'),
  BILL_OBJECTION: P('تظل', 'OBJ'),
  ARREARS_INSTALLMENT: P('تقس', 'INS'),
  PREPAID_RECHARGE_ISSUE: P('شحن', 'RCH'),
  FAULTS_COMPLAINTS: P('شك', 'CMP'),
  STREET_LIGHTING: P('إنر', 'STL'),
  ELECTRICITY_THEFT_REPORT: P('سرق', 'THF'),
  tickets: P('تذك', 'TKT'),
  APPOINTMENT_BOOKING: P('موعد', 'APT'),
  POWER_INVESTMENT: P('استث', 'INV'),
  POWER_SME: P('مشر', 'SME'),
  TEMP_CONSTRUCTION: P('مؤقت', 'TMP'),
  LOAD_INCREASE: P('قدرة', 'LDI'),
  SOLAR_NET_METERING: P('شمس', 'SOL'),
  EV_CHARGER_CONNECTION: P('شاحن', 'EVC'),
  NAME_CHANGE: P('اسم', 'NMC'),
  CONTRACT_TYPE_CHANGE: P('نوع', 'CTC'),
  CONTRACT_CANCELLATION: P('إنهاء', 'CAN'),
  CCC: P('تعاقد', 'CCC'),
  NO_ARREARS_CERT: P('براءة', 'NAC'),
  CONSUMPTION_STATEMENT: P('بيان', 'CST'),
  CODEMETER: P('كودي', 'COD'),
  LMIFT: P('قانوني', 'LMF'),
  ADD_METER: P('إضافة', 'ADM'),
  METER_READING: P('قراءة', 'RDG'),
  METER_RELOCATION: P('نقل', 'MRL'),
  METER_TESTING: P('فحص', 'MTS'),
  PREPAID_METER_REPLACEMENT: P('استبدال', 'PMR'),
  METER_REMOVAL: P('رفع', 'MRM'),
  CHARGE_CARD_REPLACEMENT: P('كارت', 'CCR'),
  FIELD_INSPECTION: P('معاينة', 'FIN'),
  SMART_METER_UPGRADE: P('ذكي', 'SMU'),
};

const STORED = /^(.+)-(\d{4}-\d{6,})$/;

/** The stored number's service slug and the rest (`2026-000123`), or undefined for another shape. */
export function numberParts(stored: string): { slug: string; rest: string } | undefined {
  const m = STORED.exec(stored);
  return m ? { slug: m[1]!, rest: m[2]! } : undefined;
}

/** The prefix people read for a stored number in a language (the slug for a service without one). */
export function numberPrefix(stored: string, lang: TLang): { prefix: string; rest: string } | undefined {
  const parts = numberParts(stored);
  if (!parts) return undefined;
  return { prefix: NUMBER_PREFIXES[parts.slug]?.[lang] ?? parts.slug, rest: parts.rest };
}

/** The one formatting of a request number: «شك-2026-000123» / "CMP-2026-000123"; another shape as it is. */
export function readableNumber(stored: string, lang: TLang): string {
  const p = numberPrefix(stored, lang);
  return p ? `${p.prefix}-${p.rest}` : stored;
}

/**
 * The number in plain text (e-mail, SMS, push, PDF), where no markup can isolate it: the readable form, in Arabic
 * with a left-to-right mark after the prefix's dash, so `2026-000123` reads left to right after the prefix, as
 * `RequestNumber` draws it on screen («شك-» then the mark then `2026-000123`; without it the year and sequence swap places).
 */
export function textNumber(stored: string, lang: TLang): string {
  const p = numberPrefix(stored, lang);
  if (!p) return stored;
  return lang === 'ar' ? `${p.prefix}-\u200E${p.rest}` : `${p.prefix}-${p.rest}`;
}

/** Bidi marks and isolates a copied number may carry (the mark `textNumber` puts in, an isolate from a page). */
const BIDI_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

const latin = (s: string) =>
  s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));

/**
 * The stored number a typed one names: either readable form (any language, Arabic-Indic digits, any case, spaces
 * around the dashes) or the stored one. Undefined when it has no number's shape.
 */
export function storedNumber(typed: string): string | undefined {
  const s = latin(typed.replace(BIDI_MARKS, '').trim()).replace(/\s*-\s*/g, '-');
  const m = STORED.exec(s);
  if (!m) return undefined;
  const head = m[1]!;
  const upper = head.toUpperCase();
  for (const [slug, p] of Object.entries(NUMBER_PREFIXES))
    if (p.ar === head || p.en.toUpperCase() === upper || slug.toUpperCase() === upper) return `${slug}-${m[2]!}`;
  return `${head}-${m[2]!}`;
}
