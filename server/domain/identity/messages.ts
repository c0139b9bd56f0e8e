import type { OutgoingMessage } from '../outbox/outbox.ts';
import type { TLang } from '../../../contract/basics.ts';
import { durationText } from '../../../contract/duration.ts';

/**
 * The texts of e-mails and SMS, in the user's language (the language of the request that caused them).
 * Arabic first; links are absolute, built from the portal's origin.
 */

type Texts = { subject: string; body: string };

const T = {
  welcome: (name: string): Record<TLang, Texts> => ({
    ar: { subject: 'مرحبًا بك في كهرباء', body: `أهلًا ${name}،\nتم إنشاء حسابك في بوابة خدمات الكهرباء بنجاح.` },
    en: { subject: 'Welcome to Kahraba', body: `Hello ${name},\nYour account on the electricity e-services portal is ready.` },
  }),
  verifyEmail: (name: string, link: string, minutes: number): Record<TLang, Texts> => ({
    ar: {
      subject: 'تأكيد البريد الإلكتروني',
      body: `أهلًا ${name}،\nلتأكيد بريدك الإلكتروني افتح الرابط التالي (صالح لمدة ${durationText('ar', minutes)}):\n${link}`,
    },
    en: {
      subject: 'Confirm your e-mail address',
      body: `Hello ${name},\nTo confirm your e-mail address, open this link (valid for ${durationText('en', minutes)}):\n${link}`,
    },
  }),
  mobileCode: (code: string, minutes: number): Record<TLang, Texts> => ({
    ar: {
      subject: '',
      body: `رمز التحقق من رقم الهاتف في كهرباء: ${code}\nصالح لمدة ${durationText('ar', minutes)}. لا تشاركه مع أحد.`,
    },
    en: {
      subject: '',
      body: `Your Kahraba mobile verification code: ${code}\nValid for ${durationText('en', minutes)}. Do not share it.`,
    },
  }),
  agentRegistrationCode: (agent: string, code: string, minutes: number): Record<TLang, Texts> => ({
    ar: {
      subject: '',
      body: `الوكيل ${agent} يسجّل لك حسابًا في كهرباء. رمز الموافقة: ${code}\nصالح لمدة ${durationText('ar', minutes)}. أعطه للوكيل فقط إن كنت موافقًا.`,
    },
    en: {
      subject: '',
      body: `Agent ${agent} is opening a Kahraba account for you. Your consent code: ${code}\nValid for ${durationText('en', minutes)}. Give it to the agent only if you agree.`,
    },
  }),
  resetCode: (code: string, minutes: number, link: string | undefined): Record<TLang, Texts> => ({
    ar: {
      subject: 'إعادة تعيين كلمة المرور',
      body: `رمز إعادة تعيين كلمة المرور في كهرباء: ${code}\nصالح لمدة ${durationText('ar', minutes)}.${link ? `\nأو افتح الرابط: ${link}` : ''}\nإن لم تطلب ذلك فتجاهل هذه الرسالة.`,
    },
    en: {
      subject: 'Reset your password',
      body: `Your Kahraba password reset code: ${code}\nValid for ${durationText('en', minutes)}.${link ? `\nOr open this link: ${link}` : ''}\nIf you did not ask for this, ignore this message.`,
    },
  }),
  passwordChanged: (name: string): Record<TLang, Texts> => ({
    ar: {
      subject: 'تم تغيير كلمة المرور',
      body: `أهلًا ${name}،\nتم تغيير كلمة مرور حسابك. إن لم تقم بذلك فاتصل بالرقم 121 فورًا.`,
    },
    en: {
      subject: 'Your password was changed',
      body: `Hello ${name},\nYour account password was changed. If this was not you, call 121 now.`,
    },
  }),
};

export function email(to: string, lang: TLang, texts: Record<TLang, Texts>, dedupeKey?: string): OutgoingMessage {
  const t = texts[lang];
  return { channel: 'email', recipient: to, subject: t.subject, body: t.body, ...(dedupeKey ? { dedupeKey } : {}) };
}

export function sms(to: string, lang: TLang, texts: Record<TLang, Texts>, dedupeKey?: string): OutgoingMessage {
  return { channel: 'sms', recipient: to, body: texts[lang].body, ...(dedupeKey ? { dedupeKey } : {}) };
}

export const templates = T;
