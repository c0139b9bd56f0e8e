import type { TChatCustom, TChatLink } from '../../../contract/chat.ts';
import type { TLang } from '../../../contract/common.ts';
import { readableNumber, storedNumber } from '../../../contract/request-number.ts';
import { periodOf } from '../../../contract/reading-check.ts';
import { normalizeArabic } from '../../../src/lib/text/arabic-normalize.ts';
import type { Db } from '../../db/client.ts';
import { listBills } from '../bills/bills.ts';
import { listMeters } from '../meters/meters.ts';
import { listRequests, type ServiceLookup } from '../requests/store.ts';
import type { TAction } from './intents.ts';
import { guideHref, type KnowledgeDoc } from './knowledge.ts';
import type { Hit, Retriever } from './retrieval.ts';

/*
 * Noor's answers (decision 068). A question is matched against the knowledge (retrieval.ts); the best document
 * answers it when it covers enough of the question, else Noor says it does not know and offers the contact form
 * and the hotline, never an invented answer. An action reads the signed-in citizen's own data through the same
 * use cases as the screens (listBills, listRequests, listMeters: the owner is the session's, so another citizen's
 * request number is "not found"); a visitor is asked to sign in.
 */

export const HOTLINE = '121';

/** Whose data an action reads: a citizen's own, an agent's citizen; null: a visitor (signedIn false) or nobody's. */
export type AskCaller = { signedIn: boolean; ownerId: string | null };

export type AskInput = {
  message: string;
  lang: TLang;
  /** The page the citizen is on (the widget's path), for quick replies. */
  page?: string | undefined;
  caller: AskCaller;
};

export type AskContext = { db: Db; retriever: Retriever; lookup: ServiceLookup; now?: Date };

/** A decision of the retrieval alone, no data read (the evaluation measures this). */
export type Understood =
  { kind: 'number'; number: string } | { kind: 'hit'; hit: Hit; others: Hit[] } | { kind: 'unknown'; others: Hit[] };

/** Below this share of the question's words, the best document is not an answer. */
const MIN_COVERAGE = 0.5;
/** A very short match (one common word) is not an answer either. */
const MIN_SCORE = 8;

const L = (lang: TLang, ar: string, en: string) => (lang === 'ar' ? ar : en);

/** A request number in the message, in any readable form (decision 061), Arabic-Indic digits too. */
export function numberIn(message: string): string | undefined {
  const folded = normalizeArabic(message);
  for (const token of folded.split(/[\s،,؟?!.:]+/)) {
    if (!/\d{4}-\d{3,}/.test(token)) continue;
    const stored = storedNumber(token);
    if (stored) return stored;
    const bare = /\d{4}-\d{3,}/.exec(token)?.[0];
    if (bare) return bare;
  }
  return undefined;
}

export function understand(retriever: Retriever, message: string): Understood {
  const number = numberIn(message);
  if (number) return { kind: 'number', number };
  const hits = retriever.search(message, 3);
  const best = hits[0];
  if (!best || best.coverage < MIN_COVERAGE || best.score < MIN_SCORE) return { kind: 'unknown', others: hits };
  return { kind: 'hit', hit: best, others: hits.slice(1) };
}

/* ------------------------------------------------- formats ------------------------------------------------- */

const locale = (lang: TLang) => (lang === 'ar' ? 'ar-EG' : 'en-US');
const money = (lang: TLang, piastres: number) =>
  `${new Intl.NumberFormat(locale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(piastres / 100)} ${L(lang, 'جنيه', 'EGP')}`;
const date = (lang: TLang, iso: string | Date) =>
  new Intl.DateTimeFormat(locale(lang), { timeZone: 'Africa/Cairo', day: 'numeric', month: 'long', year: 'numeric' }).format(
    typeof iso === 'string' ? new Date(iso) : iso,
  );
const month = (lang: TLang, period: string) =>
  new Intl.DateTimeFormat(locale(lang), { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${period}-01T00:00:00Z`),
  );
const digits = (lang: TLang, n: number) => new Intl.NumberFormat(locale(lang), { useGrouping: false }).format(n);

/* ----------------------------------------------- quick replies --------------------------------------------- */

/** Questions to tap, fitting the page the citizen is on. */
export function suggestionsFor(page: string | undefined, lang: TLang, signedIn: boolean): string[] {
  const p = page ?? '/';
  const s = (ar: string, en: string) => L(lang, ar, en);
  if (p.startsWith('/services/PAYBILLS') || p.startsWith('/pay'))
    return [
      s('عليا فلوس كام؟', 'How much do I owe?'),
      s('ما طرق السداد؟', 'How can I pay?'),
      s('هل توجد رسوم على السداد؟', 'Are there fees for paying online?'),
    ];
  if (p.startsWith('/profile/meters'))
    return [
      s('امتى القراءة الجاية؟', 'When is the next reading due?'),
      s('إزاي أضيف عداد؟', 'How do I add a meter?'),
      s('ليه القراءة اترفضت؟', 'Why was my reading rejected?'),
    ];
  if (/^\/services\/[^/]+\/entries\//.test(p) || p.startsWith('/inbox'))
    return [
      s('فين طلبي؟', 'Where is my request?'),
      s('ليه طلبي في انتظار السداد؟', 'Why is my request awaiting payment?'),
      s('الخط الساخن', 'Hotline'),
    ];
  if (p.startsWith('/services/'))
    return [
      s('إيه الورق المطلوب؟', 'Which papers are needed?'),
      s('الخدمة بتاخد كام يوم؟', 'How long does it take?'),
      s('إزاي أتابع طلبي؟', 'How do I follow my request?'),
    ];
  return signedIn
    ? [
        s('عليا فلوس كام؟', 'How much do I owe?'),
        s('فين طلبي؟', 'Where is my request?'),
        s('آخر قراءة لعدادي', 'My last meter reading'),
      ]
    : [
        s('إيه الورق المطلوب لعداد جديد؟', 'Which papers does a new meter need?'),
        s('ما طرق السداد؟', 'How can I pay my bills?'),
        s('الخط الساخن', 'Hotline'),
      ];
}

/* ------------------------------------------------- answers ------------------------------------------------- */

const contactLinks = (lang: TLang): TChatLink[] => [
  { label: L(lang, 'نموذج التواصل', 'Contact form'), href: '/contact' },
  { label: L(lang, `الخط الساخن ${digits(lang, Number(HOTLINE))}`, `Hotline ${HOTLINE}`), href: `tel:${HOTLINE}` },
];

const signInLink = (lang: TLang, back: string): TChatLink => ({
  label: L(lang, 'تسجيل الدخول', 'Sign in'),
  href: `/login?redirect=${encodeURIComponent(back)}`,
});

const cite = (doc: KnowledgeDoc, lang: TLang) => ({
  id: doc.id,
  label: doc.title[lang],
  href: doc.kind === 'guide' ? guideHref(doc, lang) : doc.href,
});

function unknownAnswer(lang: TLang): TChatCustom {
  return {
    Answer: L(
      lang,
      `لا أعرف إجابة هذا السؤال. يمكنك مراسلتنا من نموذج التواصل أو الاتصال بالخط الساخن ${digits(lang, Number(HOTLINE))}.`,
      `I don’t know the answer to that. You can write to us through the contact form or call the hotline ${HOTLINE}.`,
    ),
    kind: 'unknown',
    links: contactLinks(lang),
  };
}

function knowledgeAnswer(doc: KnowledgeDoc, lang: TLang): TChatCustom {
  const source = cite(doc, lang);
  if (doc.kind === 'service' && doc.service) {
    const attrs = doc.service.businessAttributes;
    const cost =
      attrs.cost.kind === 'free'
        ? L(lang, 'الخدمة مجانية.', 'The service is free.')
        : attrs.cost.amount !== undefined
          ? L(lang, `التكلفة ${money(lang, attrs.cost.amount * 100)}.`, `It costs ${money(lang, attrs.cost.amount * 100)}.`)
          : L(lang, 'للخدمة رسوم تُحدَّد بعد المعاينة.', 'The fee is set after the inspection.');
    const days =
      attrs.numberOfDays > 0
        ? L(lang, ` تستغرق ${digits(lang, attrs.numberOfDays)} يومًا.`, ` It takes ${attrs.numberOfDays} days.`)
        : '';
    const papers = doc.items?.[lang] ?? [];
    return {
      Answer: `${doc.title[lang]}: ${doc.text[lang]} ${cost}${days}${papers.length > 0 ? ` ${L(lang, 'الأوراق المطلوبة:', 'Required papers:')}` : ''}`,
      kind: 'service',
      sources: [source],
      ...(papers.length > 0 ? { items: papers } : {}),
      links: [{ label: L(lang, 'صفحة الخدمة', 'Service page'), href: doc.href }],
    };
  }
  const extra: TChatLink[] =
    doc.id === 'faq:faq-add-meter' ? [{ label: L(lang, 'عداداتي', 'My meters'), href: '/profile/meters' }] : [];
  return {
    Answer: doc.kind === 'news' || doc.kind === 'guide' ? `${doc.title[lang]}: ${doc.text[lang]}` : doc.text[lang],
    kind: doc.kind === 'action' ? 'greeting' : doc.kind,
    sources: [source],
    links: [{ label: L(lang, 'المصدر', 'Source'), href: source.href }, ...extra],
  };
}

async function billsAnswer(ctx: AskContext, ownerId: string, lang: TLang): Promise<TChatCustom> {
  const page = await listBills(ctx.db, { ownerId, status: 'unpaid', limit: 12, skip: 0 });
  const source = { id: 'action:bills', label: L(lang, 'فواتيري', 'My bills'), href: '/services/PAYBILLS/add' };
  if (page.total === 0)
    return {
      Answer: L(lang, 'لا توجد عليك فواتير مستحقة الآن.', 'You have no bills due right now.'),
      kind: 'action',
      sources: [source],
    };
  const items = page.items.map((b) =>
    L(
      lang,
      `${month(lang, b.period)} — عداد ${b.meterName ?? b.meterNumber}: ${money(lang, b.amountPiastres)} (تستحق ${date(lang, b.dueAt)})`,
      `${month(lang, b.period)} — meter ${b.meterName ?? b.meterNumber}: ${money(lang, b.amountPiastres)} (due ${date(lang, b.dueAt)})`,
    ),
  );
  return {
    Answer: L(
      lang,
      `عليك ${digits(lang, page.total)} ${page.total === 1 ? 'فاتورة مستحقة' : 'فواتير مستحقة'} بإجمالي ${money(lang, page.unpaidTotalPiastres)}.`,
      `You have ${page.total} ${page.total === 1 ? 'bill' : 'bills'} due, ${money(lang, page.unpaidTotalPiastres)} in total.`,
    ),
    kind: 'action',
    sources: [source],
    items,
    links: [{ label: L(lang, 'ادفع الآن', 'Pay now'), href: '/services/PAYBILLS/add' }],
  };
}

async function requestAnswer(ctx: AskContext, ownerId: string, lang: TLang, number: string | undefined): Promise<TChatCustom> {
  const page = await listRequests(ctx.db, { ownerId, number, limit: 1, skip: 0 }, ctx.lookup);
  const r = page.items[0];
  if (!r)
    return number
      ? {
          Answer: L(
            lang,
            `لم أجد طلبًا برقم ${number} بين طلباتك. تأكد من الرقم، أو افتح «طلباتي».`,
            `I found no request numbered ${number} among your requests. Check the number, or open “My requests”.`,
          ),
          kind: 'action',
          links: [{ label: L(lang, 'طلباتي', 'My requests'), href: '/inbox' }],
        }
      : {
          Answer: L(lang, 'ليس لديك طلبات بعد.', 'You have no requests yet.'),
          kind: 'action',
          links: [{ label: L(lang, 'الخدمات', 'Services'), href: '/services' }],
        };
  const href = `/services/${r.serviceSlug}/entries/${r.id}`;
  const shown = readableNumber(r.ID, lang);
  const stage = r.stage ? L(lang, ` (مرحلة: ${r.stage.label.ar})`, ` (stage: ${r.stage.label.en})`) : '';
  return {
    Answer: L(
      lang,
      `${number ? 'الطلب' : 'آخر طلباتك،'} ${shown} (${r.serviceLabel.ar}): ${r.status.label.ar}${stage}. آخر تحديث ${date(lang, r.statusUpdatedAt)}.`,
      `${number ? 'Request' : 'Your latest request,'} ${shown} (${r.serviceLabel.en}): ${r.status.label.en}${stage}. Last updated ${date(lang, r.statusUpdatedAt)}.`,
    ),
    kind: 'action',
    sources: [{ id: 'action:requestStatus', label: shown, href }],
    links: [{ label: L(lang, 'افتح الطلب', 'Open the request'), href }],
  };
}

/** The next month after a period `YYYY-MM`. */
const nextPeriod = (p: string) => {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

async function readingAnswer(ctx: AskContext, ownerId: string, lang: TLang): Promise<TChatCustom> {
  const { items } = await listMeters(ctx.db, ownerId, 'approved');
  const link = { label: L(lang, 'عداداتي', 'My meters'), href: '/profile/meters' };
  if (items.length === 0)
    return {
      Answer: L(
        lang,
        'لا توجد عدادات معتمدة في حسابك. أضف عدادك من «عداداتي».',
        'Your account has no approved meter. Add yours under “My meters”.',
      ),
      kind: 'action',
      links: [link],
    };
  const thisMonth = periodOf(ctx.now ?? new Date());
  const lines = items.map((m) => {
    const name = m.name ?? m.number;
    if (!m.lastReading)
      return L(lang, `عداد ${name}: لا توجد قراءة بعد، سجِّل قراءتك الآن.`, `Meter ${name}: no reading yet; record one now.`);
    const due = m.lastReading.period >= thisMonth ? nextPeriod(m.lastReading.period) : thisMonth;
    const dueText =
      due === thisMonth
        ? L(lang, 'القراءة التالية مستحقة هذا الشهر', 'the next reading is due this month')
        : L(lang, `القراءة التالية في ${month(lang, due)}`, `the next reading is due in ${month(lang, due)}`);
    return L(
      lang,
      `عداد ${name}: آخر قراءة ${digits(lang, m.lastReading.value)} ك.و.س في ${date(lang, m.lastReading.readAt)}، و${dueText}.`,
      `Meter ${name}: last reading ${m.lastReading.value} kWh on ${date(lang, m.lastReading.readAt)}; ${dueText}.`,
    );
  });
  return {
    Answer: L(lang, 'قراءات عداداتك:', 'Your meters’ readings:'),
    kind: 'action',
    sources: [{ id: 'action:meterReading', label: link.label, href: link.href }],
    items: lines,
    links: [{ label: L(lang, 'سجِّل قراءة', 'Record a reading'), href: '/profile/meters' }],
  };
}

const ACTION_PAGES: Record<Exclude<TAction, 'greeting'>, string> = {
  bills: '/services/PAYBILLS/add',
  requestStatus: '/inbox',
  meterReading: '/profile/meters',
};

async function actionAnswer(ctx: AskContext, input: AskInput, action: TAction, number?: string): Promise<TChatCustom> {
  const { lang, caller } = input;
  if (action === 'greeting')
    return {
      Answer: L(
        lang,
        'أهلًا بك، أنا نور. اسألني عن الخدمات أو الفواتير أو طلباتك.',
        'Hello, I’m Noor. Ask me about services, bills or your requests.',
      ),
      kind: 'greeting',
    };
  if (!caller.signedIn)
    return {
      Answer: L(lang, 'سجِّل الدخول لأعرض لك بيانات حسابك.', 'Sign in and I will show you your account’s details.'),
      kind: 'signIn',
      links: [signInLink(lang, ACTION_PAGES[action])],
    };
  if (caller.ownerId === null)
    return {
      Answer: L(
        lang,
        'هذا السؤال عن حساب مواطن، ولا يوجد مواطن مرتبط بهذه الجلسة.',
        'That question is about a citizen’s account, and no citizen goes with this session.',
      ),
      kind: 'action',
    };
  if (action === 'bills') return billsAnswer(ctx, caller.ownerId, lang);
  if (action === 'requestStatus') return requestAnswer(ctx, caller.ownerId, lang, number);
  return readingAnswer(ctx, caller.ownerId, lang);
}

/** Noor's answer to one question (the built-in assistant). */
export async function ask(ctx: AskContext, input: AskInput): Promise<TChatCustom> {
  const understood = understand(ctx.retriever, input.message);
  const custom =
    understood.kind === 'number'
      ? await actionAnswer(ctx, input, 'requestStatus', understood.number)
      : understood.kind === 'unknown'
        ? unknownAnswer(input.lang)
        : understood.hit.doc.kind === 'action'
          ? await actionAnswer(ctx, input, understood.hit.doc.id.slice('action:'.length) as TAction)
          : knowledgeAnswer(understood.hit.doc, input.lang);
  return { ...custom, suggestions: suggestionsFor(input.page, input.lang, input.caller.signedIn) };
}
