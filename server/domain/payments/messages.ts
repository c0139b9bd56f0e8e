import type { TLang } from '../../../contract/basics.ts';
import type { TLocalized as Localized } from '../../../contract/common.ts';
import { durationText } from '../../../contract/duration.ts';
import { readableNumber } from '../../../contract/request-number.ts';

/*
 * What payments write for people outside the screens (decision 049): the payment code's SMS, short, in the payer's
 * language, and the receipt's label, which says what the receipt pays (My papers lists it by that label, and the PDF
 * is downloaded under it). Data (the code, the request number) keeps its Latin digits, as the other SMS do.
 */

const CAIRO = 'Africa/Cairo';

/** EGP with two decimals, as the SMS and the gateways write it. */
const pounds = (piastres: number): string => (piastres / 100).toFixed(2);

/** "29/11/2026 14:00" in Cairo time, Latin digits (an SMS is data the payer may quote at an outlet). */
function cairoDateTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: CAIRO,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
}

/** A validity in natural units: whole hours up to three days ("48 hours"), whole days beyond, else minutes. */
export function validityText(ms: number, lang: TLang): string {
  return durationText(lang, Math.max(1, Math.round(ms / 60_000)));
}

/** The payment code's SMS: the code, the total to pay at the outlet (fees included), and until when it is valid. */
export function paymentCodeSms(
  lang: TLang,
  c: { referenceNumber: string; totalPiastres: number; expiresAt: Date; createdAt: Date },
): string {
  const until = cairoDateTime(c.expiresAt);
  const valid = validityText(c.expiresAt.getTime() - c.createdAt.getTime(), lang);
  return lang === 'ar'
    ? `كهرباء: رقم السداد ${c.referenceNumber}\nادفع ${pounds(c.totalPiastres)} ج.م في أي منفذ فوري أو محفظة قبل ${until} (صالح لمدة ${valid}).`
    : `Kahraba: payment code ${c.referenceNumber}\nPay EGP ${pounds(c.totalPiastres)} at any Fawry outlet or wallet before ${until} (valid for ${valid}).`;
}

const MONTHS: Record<TLang, string[]> = {
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
/** A label is read in the interface: in Arabic its numbers are Arabic-Indic (decision 015); data keeps its digits. */
const arabicDigits = (s: string) => s.replace(/[0-9]/g, (d) => ARABIC_DIGITS[Number(d)]!);

/** `2026-01` as "January 2026" / "يناير ٢٠٢٦". */
function monthOf(period: string, lang: TLang): string {
  const [y, m] = period.split('-');
  const name = MONTHS[lang][Number(m) - 1] ?? period;
  return lang === 'ar' ? `${name} ${arabicDigits(y ?? '')}` : `${name} ${y}`;
}

/**
 * What a receipt pays, as its label: the months of the bills (one, or the first and last), or the service and
 * readable number of the request whose fee it pays. Also the PDF's file name, so no character a file system refuses.
 */
export function receiptLabel(
  what: { kind: 'bills'; periods: string[] } | { kind: 'fee'; service: Localized | null; requestNumber: string | null },
): Localized {
  if (what.kind === 'bills') {
    const periods = [...new Set(what.periods)].sort();
    const first = periods[0] ?? '';
    const last = periods[periods.length - 1] ?? '';
    if (periods.length <= 1)
      return {
        ar: `إيصال سداد فاتورة كهرباء ${monthOf(first, 'ar')}`,
        en: `Receipt - electricity bill ${monthOf(first, 'en')}`,
      };
    return {
      ar: `إيصال سداد فواتير كهرباء ${monthOf(first, 'ar')} إلى ${monthOf(last, 'ar')}`,
      en: `Receipt - electricity bills ${monthOf(first, 'en')} to ${monthOf(last, 'en')}`,
    };
  }
  // The readable number of each language (decision 061), without bidi marks: the label is also a file name.
  const number = (lang: TLang) => (what.requestNumber ? ` ${readableNumber(what.requestNumber, lang)}` : '');
  const safe = (s: string) =>
    s
      .replace(/[\\/:*?"<>|]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return {
    ar: safe(`إيصال سداد رسوم ${what.service?.ar ?? 'الخدمة'}، طلب${number('ar')}`),
    en: safe(`Receipt - ${what.service?.en ?? 'service'} fee, request${number('en')}`),
  };
}

/** A mobile number shown back to its owner, its middle hidden: `01012345678` -> `010•••••678`. */
export const maskMobile = (mobile: string): string =>
  mobile.length <= 6 ? mobile : `${mobile.slice(0, 3)}${'•'.repeat(mobile.length - 6)}${mobile.slice(-3)}`;
