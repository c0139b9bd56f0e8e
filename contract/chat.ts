import { z } from 'zod/mini';
import { ZLang, freeText, plainText } from './common.ts';

/*
 * Noor, the assistant (issue 27, decision 068). `POST /api/askChat` speaks Rasa's REST channel: `{ sender, message }`
 * in (plus Rasa's optional `metadata`: the page the citizen is on and the language), a list of bot messages out,
 * whose first item carries the answer in `custom.Answer` (spec section 7 "External chatbot"). The built-in
 * assistant fills `custom` with what the widget draws: the sources it cites, links (pay, sign in, contact), quick
 * replies; an external Rasa server may send only `text` and `custom.Answer`, and the widget still works.
 */

export const CHAT_MESSAGE_MAX = 500;

/** Where the citizen is (the widget sends its path) and the answer's language. */
export const ZChatMetadata = z.strictObject({
  page: z.optional(plainText(1, 200)),
  lang: z.optional(ZLang),
});

export const ZChatBody = z.strictObject({
  /** Empty or blank: 400 CHAT_MESSAGE_EMPTY (spec section 5 "A chat message cannot be empty"). */
  message: freeText(0, CHAT_MESSAGE_MAX),
  /** The conversation's id on the device (Rasa's sender); never who the caller is: that is the session's. */
  sender: plainText(1, 80),
  metadata: z.optional(ZChatMetadata),
});
export type TChatBody = z.input<typeof ZChatBody>;

export const CHAT_ANSWER_KINDS = ['faq', 'service', 'news', 'guide', 'action', 'signIn', 'unknown', 'greeting'] as const;

/** A place the answer comes from or leads to: a service page, an FAQ entry, a news item, the pay page. */
export const ZChatLink = z.object({ label: z.string(), href: z.string() });
export type TChatLink = z.infer<typeof ZChatLink>;

export const ZChatCustom = z.object({
  /** The answer's text (spec: `custom.Answer`). */
  Answer: z.string(),
  kind: z.optional(z.enum(CHAT_ANSWER_KINDS)),
  /** What the answer was taken from, each with its link (`faq:faq-add-meter`, `service:CODEMETER`, `action:bills`). */
  sources: z.optional(z.array(z.object({ id: z.string(), label: z.string(), href: z.string() }))),
  /** What to do next: pay, sign in, the contact form, the hotline. */
  links: z.optional(z.array(ZChatLink)),
  /** Lines of the answer drawn as a list (the papers of a service, the bills due). */
  items: z.optional(z.array(z.string())),
  /** Quick replies: questions the citizen may tap. */
  suggestions: z.optional(z.array(z.string())),
});
export type TChatCustom = z.infer<typeof ZChatCustom>;

export const ZChatMessage = z.object({
  recipient_id: z.string(),
  text: z.string(),
  custom: ZChatCustom,
  buttons: z.optional(z.array(z.object({ title: z.string(), payload: z.string() }))),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatAnswer = z.array(ZChatMessage);
export type TChatAnswer = z.infer<typeof ZChatAnswer>;
