import type { TLang } from '../../../contract/basics.ts';

/*
 * The texts of the e-mails and SMS about a request, in the filer's language (like domain/identity/messages.ts).
 * Links are absolute, from the portal's origin.
 */

type Texts = { subject: string; body: string };
type Localized = { ar: string; en: string };

export const requestTemplates = {
  submitted: (name: string, number: string, service: Localized, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `تم استلام طلبك رقم ${number}`,
      body: `أهلًا ${name}،\nتم استلام طلبك «${service.ar}» برقم ${number}.\nتابع حالة الطلب من الرابط:\n${link}`,
    },
    en: {
      subject: `Your request ${number} was received`,
      body: `Hello ${name},\nYour request "${service.en}" was received with the number ${number}.\nFollow it here:\n${link}`,
    },
  }),
  submittedSms: (number: string, service: Localized): Record<TLang, Texts> => ({
    ar: { subject: '', body: `كهرباء: تم استلام طلبك «${service.ar}» برقم ${number}.` },
    en: { subject: '', body: `Kahraba: your request "${service.en}" was received, number ${number}.` },
  }),
  statusChanged: (name: string, number: string, status: Localized, link: string): Record<TLang, Texts> => ({
    ar: {
      subject: `تغيرت حالة طلبك رقم ${number}`,
      body: `أهلًا ${name}،\nتغيرت حالة طلبك رقم ${number} إلى «${status.ar}».\n${link}`,
    },
    en: {
      subject: `Your request ${number} changed status`,
      body: `Hello ${name},\nThe status of your request ${number} changed to "${status.en}".\n${link}`,
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
      subject: `تم سداد رسوم طلبك رقم ${number}`,
      body: `أهلًا ${name}،\nتم سداد ${total} جنيه لطلبك رقم ${number} (رقم العملية ${transactionId ?? '-'}).\nحالة الطلب الآن «${status.ar}».\n${link}`,
    },
    en: {
      subject: `The fee of your request ${number} is paid`,
      body: `Hello ${name},\nEGP ${total} was paid for your request ${number} (transaction ${transactionId ?? '-'}).\nThe request is now “${status.en}”.\n${link}`,
    },
  }),
};

/** The address of a request's page in the portal. */
export const requestLink = (origin: string, serviceSlug: string, id: string): string =>
  `${origin}/services/${encodeURIComponent(serviceSlug)}/entries/${id}`;
