import type { TLang } from '../../../contract/basics.ts';
import { textNumber } from '../../../contract/request-number.ts';

/*
 * The texts of the e-mails and SMS about a request, in the filer's language (like domain/identity/messages.ts).
 * Links are absolute, from the portal's origin. A request's number is the readable one of the text's language
 * (`textNumber`, decision 061), never the stored `SLUG-2026-000123`.
 */

const num = textNumber;

type Texts = { subject: string; body: string };
type Localized = { ar: string; en: string };

export const requestTemplates = {
  submitted: (name: string, number: string, service: Localized, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `تم استلام طلبك رقم ${num(number, 'ar')}`,
      body: `أهلًا ${name}،\nتم استلام طلبك «${service.ar}» برقم ${num(number, 'ar')}.\nتابع حالة الطلب من الرابط:\n${link}`,
    },
    en: {
      subject: `Your request ${num(number, 'en')} was received`,
      body: `Hello ${name},\nYour request "${service.en}" was received with the number ${num(number, 'en')}.\nFollow it here:\n${link}`,
    },
  }),
  submittedSms: (number: string, service: Localized): Record<TLang, Texts> => ({
    ar: { subject: '', body: `كهرباء: تم استلام طلبك «${service.ar}» برقم ${num(number, 'ar')}.` },
    en: { subject: '', body: `Kahraba: your request "${service.en}" was received, number ${num(number, 'en')}.` },
  }),
  /** A move; `note`: what staff wrote with it (the information needed), said in full (decision 051). */
  statusChanged: (name: string, number: string, status: Localized, link: string, note?: string): Record<TLang, Texts> => ({
    ar: {
      subject: note ? `مطلوب منك إجراء على طلبك رقم ${num(number, 'ar')}` : `تغيرت حالة طلبك رقم ${num(number, 'ar')}`,
      body: `أهلًا ${name}،\nتغيرت حالة طلبك رقم ${num(number, 'ar')} إلى «${status.ar}».\n${note ? `المطلوب منك:\n${note}\n` : ''}${link}`,
    },
    en: {
      subject: note ? `Action needed on your request ${num(number, 'en')}` : `Your request ${num(number, 'en')} changed status`,
      body: `Hello ${name},\nThe status of your request ${num(number, 'en')} changed to "${status.en}".\n${note ? `What is needed:\n${note}\n` : ''}${link}`,
    },
  }),
  /** A staff member's comment the citizen reads (decision 051). */
  staffComment: (name: string, number: string, note: string, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `رسالة من الموظف بشأن طلبك رقم ${num(number, 'ar')}`,
      body: `أهلًا ${name}،\nكتب الموظف على طلبك رقم ${num(number, 'ar')}:\n${note}\n${link}`,
    },
    en: {
      subject: `A message about your request ${num(number, 'en')}`,
      body: `Hello ${name},\nThe employee wrote on your request ${num(number, 'en')}:\n${note}\n${link}`,
    },
  }),
  /** The service-quality staff's reply about a rated request (issue 26, decision 066). */
  qualityReply: (name: string, number: string, note: string, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `رد فريق جودة الخدمة بشأن طلبك رقم ${number}`,
      body: `أهلًا ${name}،\nشكرًا على تقييمك. كتب فريق جودة الخدمة بشأن طلبك رقم ${number}:\n${note}\n${link}`,
    },
    en: {
      subject: `The service quality team about your request ${number}`,
      body: `Hello ${name},\nThank you for your rating. The service quality team wrote about your request ${number}:\n${note}\n${link}`,
    },
  }),
  /** A fee payment that failed or expired (decision 051). */
  feeFailed: (name: string, number: string, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `لم يتم سداد رسوم طلبك رقم ${num(number, 'ar')}`,
      body: `أهلًا ${name}،\nلم تتم عملية سداد رسوم طلبك رقم ${num(number, 'ar')}. يمكنك المحاولة مرة أخرى:\n${link}`,
    },
    en: {
      subject: `The fee of your request ${num(number, 'en')} was not paid`,
      body: `Hello ${name},\nThe payment for your request ${num(number, 'en')} did not go through. You can try again:\n${link}`,
    },
  }),
  /** A variable fee set by staff (decision 060): the amount in pounds with two decimals; the citizen may pay now. */
  feeSet: (name: string, number: string, total: string, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `تحددت رسوم طلبك رقم ${num(number, 'ar')}`,
      body: `أهلًا ${name}،\nتحددت رسوم طلبك رقم ${num(number, 'ar')}: ${total} جنيه.\nيمكنك السداد الآن من صفحة الطلب:\n${link}`,
    },
    en: {
      subject: `The fee of your request ${num(number, 'en')} is set`,
      body: `Hello ${name},\nThe fee of your request ${num(number, 'en')} is set: EGP ${total}.\nYou can pay it now from the request's page:\n${link}`,
    },
  }),
  /** A request's fee paid (decision 027): the amount in pounds with two decimals, the gateway's transaction, the new status. */
  feePaid: (
    name: string,
    number: string,
    total: string,
    transactionId: string | null,
    status: Localized,
    link: string,
  ): Record<TLang, Texts> => ({
    ar: {
      subject: `تم سداد رسوم طلبك رقم ${num(number, 'ar')}`,
      body: `أهلًا ${name}،\nتم سداد ${total} جنيه لطلبك رقم ${num(number, 'ar')} (رقم العملية ${transactionId ?? '-'}).\nحالة الطلب الآن «${status.ar}».\n${link}`,
    },
    en: {
      subject: `The fee of your request ${num(number, 'en')} is paid`,
      body: `Hello ${name},\nEGP ${total} was paid for your request ${num(number, 'en')} (transaction ${transactionId ?? '-'}).\nThe request is now “${status.en}”.\n${link}`,
    },
  }),
};

/** What happened to a request, as the short texts of an SMS and a push say it (decision 051). */
export type Happening =
  | { kind: 'status'; status: Localized; note?: string | undefined }
  | { kind: 'staffComment'; note: string }
  | { kind: 'qualityReply'; note: string }
  | { kind: 'feePaid'; total: string; status: Localized }
  | { kind: 'feeFailed' }
  | { kind: 'feeSet'; total: string };

/** An SMS or a push says at most this much of staff's note; the e-mail and the app say it all. */
const SHORT_NOTE = 160;
const short = (note: string) => (note.length > SHORT_NOTE ? `${note.slice(0, SHORT_NOTE - 1)}…` : note);

/**
 * The short text of an SMS or a push to the owner, in their language. It names the service, not the request's
 * number: the number's six digits would be read as a one-time code by whoever reads a phone's latest SMS for one
 * (decision 040); the link leads to the request.
 */
export function ownerShortText(lang: TLang, service: Localized, h: Happening): string {
  const sv = service[lang];
  if (lang === 'ar')
    switch (h.kind) {
      case 'status':
        return h.note ? `طلبك «${sv}» يحتاج منك: ${short(h.note)}` : `تغيرت حالة طلبك «${sv}» إلى «${h.status.ar}».`;
      case 'staffComment':
        return `رسالة من الموظف على طلبك «${sv}»: ${short(h.note)}`;
      case 'qualityReply':
        return `رد فريق جودة الخدمة بشأن طلبك «${sv}»: ${short(h.note)}`;
      case 'feePaid':
        return `تم سداد ${h.total} جنيه رسوم طلبك «${sv}». حالته الآن «${h.status.ar}».`;
      case 'feeFailed':
        return `لم تتم عملية سداد رسوم طلبك «${sv}». يمكنك المحاولة مرة أخرى.`;
      case 'feeSet':
        return `تحددت رسوم طلبك «${sv}»: ${h.total} جنيه. يمكنك السداد الآن.`;
    }
  switch (h.kind) {
    case 'status':
      return h.note ? `Your request "${sv}" needs from you: ${short(h.note)}` : `Your request "${sv}" is now "${h.status.en}".`;
    case 'staffComment':
      return `A message from the employee on your request "${sv}": ${short(h.note)}`;
    case 'qualityReply':
      return `The service quality team about your request "${sv}": ${short(h.note)}`;
    case 'feePaid':
      return `EGP ${h.total} was paid for your request "${sv}". It is now "${h.status.en}".`;
    case 'feeFailed':
      return `The payment for your request "${sv}" did not go through. You can try again.`;
    case 'feeSet':
      return `The fee of your request "${sv}" is set: EGP ${h.total}. You can pay it now.`;
  }
}

/** The SMS to the owner: the portal's name, the short text and the request's link. */
export const ownerSms = (lang: TLang, service: Localized, h: Happening, link: string): string =>
  `${lang === 'ar' ? 'كهرباء' : 'Kahraba'}: ${ownerShortText(lang, service, h)} ${link}`;

/** A push's title: the portal's name. */
export const pushTitle = (lang: TLang): string => (lang === 'ar' ? 'كهرباء' : 'Kahraba');

/** What staff are told when the citizen acts on a request (decision 051): the bell's push, in the device's language. */
export function staffShortText(lang: TLang, number: string, reply: 'completed' | 'comment' | 'paid' | 'rated'): string {
  if (lang === 'ar')
    return {
      completed: `أكمل المواطن البيانات المطلوبة في الطلب ${num(number, 'ar')}.`,
      comment: `علق المواطن على الطلب ${num(number, 'ar')}.`,
      paid: `سدد المواطن رسوم الطلب ${num(number, 'ar')}.`,
      rated: `قيّم المواطن الطلب ${num(number, 'ar')}.`,
    }[reply];
  return {
    completed: `The citizen completed the information needed on request ${num(number, 'en')}.`,
    comment: `The citizen commented on request ${num(number, 'en')}.`,
    paid: `The citizen paid the fee of request ${num(number, 'en')}.`,
    rated: `The citizen rated request ${num(number, 'en')}.`,
  }[reply];
}

/** The path of a request's page (a push opens it in the build that subscribed: the citizen's or the employee's). */
export const requestPath = (serviceSlug: string, id: string): string =>
  `/services/${encodeURIComponent(serviceSlug)}/entries/${id}`;

/** The address of a request's page in the portal. */
export const requestLink = (origin: string, serviceSlug: string, id: string): string =>
  `${origin}${requestPath(serviceSlug, id)}`;
