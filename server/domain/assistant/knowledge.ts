import type { TFaqEntry, TNewsItem, TService } from '../../../contract/catalog.ts';
import type { TLang } from '../../../contract/common.ts';
import { FAQ_KEYWORDS, SERVICE_KEYWORDS } from './keywords.ts';

/*
 * What Noor knows (decision 068): the portal's own texts, turned into documents for retrieval. FAQ entries,
 * services (label, description, papers, steps, terms, the service's own FAQ, cost and days), news, the citizen's
 * guides, and the assistant's actions, each with the phrasings citizens use (intents.ts). Every document has the
 * link its answer cites.
 */

export type Localized = Record<TLang, string>;

export type KnowledgeKind = 'faq' | 'service' | 'news' | 'guide' | 'action';

export type KnowledgeDoc = {
  /** `faq:faq-hotline`, `service:CODEMETER`, `news:<id>`, `guide:citizen-guide`, `action:bills`. */
  id: string;
  kind: KnowledgeKind;
  title: Localized;
  /** The answer's text (an action's is written when it runs). */
  text: Localized;
  /** How citizens ask for it (an action's example questions, everyday words for an FAQ entry or a service). */
  keywords: string;
  /** Longer texts searched but not shown: a service's papers, steps, terms and own FAQ. */
  extra: string;
  href: string;
  /** A service's required papers, shown as a list. */
  items?: Record<TLang, string[]>;
  /** A service: its cost and days, for the answer's last line. */
  service?: Pick<TService, 'serviceSlug' | 'businessAttributes' | 'allowAnonymous' | 'isActive'>;
};

export type KnowledgeSource = {
  services: readonly TService[];
  faq: readonly TFaqEntry[];
  news: readonly TNewsItem[];
};

const PAPERS_WORDS = 'الاوراق المطلوبة الورق المستندات papers documents';

const both = (ar: string, en: string): Localized => ({ ar, en });

/** The public documents citizens read (the footer's PDFs and the help page). */
export const GUIDES: readonly KnowledgeDoc[] = [
  {
    id: 'guide:citizen-guide',
    kind: 'guide',
    title: both('دليل المواطن', 'Citizen guide'),
    text: both(
      'دليل المواطن يشرح خطوات استخدام البوابة: إنشاء الحساب، تقديم الطلبات ومتابعتها، سداد الفواتير وتسجيل قراءات العداد.',
      'The citizen guide explains how to use the portal: creating an account, filing and following requests, paying bills and recording meter readings.',
    ),
    keywords: 'دليل الاستخدام كتيب شرح البوابة ازاي استخدم الموقع manual user guide handbook how to use the portal pdf',
    extra: '',
    href: '/docs/citizen-guide.ar.pdf',
  },
  {
    id: 'guide:code-of-conduct',
    kind: 'guide',
    title: both('ميثاق السلوك', 'Code of conduct'),
    text: both(
      'ميثاق السلوك يحدد ما يلتزم به موظفو الشركة في التعامل مع المواطنين: الاحترام والشفافية وسرية البيانات.',
      'The code of conduct sets what the company’s staff commit to with citizens: respect, transparency and the privacy of your data.',
    ),
    keywords: 'مدونة السلوك اخلاقيات الموظفين معاملة الموظف conduct ethics staff behaviour',
    extra: '',
    href: '/docs/code-of-conduct.ar.pdf',
  },
  {
    id: 'guide:charter',
    kind: 'guide',
    title: both('ميثاق المتعاملين', 'Clients charter'),
    text: both(
      'ميثاق المتعاملين يوضح حقوقك وواجباتك كمشترك ومعايير الخدمة التي نلتزم بها.',
      'The clients charter sets out your rights and duties as a subscriber and the service standards we commit to.',
    ),
    keywords: 'حقوق المشترك حقوقي واجباتي معايير الخدمة rights duties subscriber charter',
    extra: '',
    href: '/charter',
  },
];

/** A guide's address in the answer's language (the PDFs exist in both). */
export const guideHref = (doc: KnowledgeDoc, lang: TLang): string => doc.href.replace(/\.ar\.pdf$/, `.${lang}.pdf`);

function serviceDoc(s: TService): KnowledgeDoc {
  const { ar, en } = s.translations;
  const faqText = (t: typeof ar) => t.faq.map((f) => `${f.question} ${f.answer}`).join(' ');
  return {
    id: `service:${s.serviceSlug}`,
    kind: 'service',
    title: both(ar.serviceLabel, en.serviceLabel),
    text: both(ar.description, en.description),
    // A service that asks for papers answers "which papers": its list is in the answer.
    keywords: `${SERVICE_KEYWORDS[s.serviceSlug] ?? ''} ${ar.requiredPapers.length > 0 ? PAPERS_WORDS : ''}`,
    extra: [ar.requiredPapers, en.requiredPapers, ar.steps, en.steps, ar.terms, en.terms]
      .map((l) => l.join(' '))
      .concat(faqText(ar), faqText(en), ar.costNote ?? '', en.costNote ?? '')
      .join(' '),
    href: `/services/${s.serviceSlug}`,
    items: { ar: ar.requiredPapers, en: en.requiredPapers },
    service: {
      serviceSlug: s.serviceSlug,
      businessAttributes: s.businessAttributes,
      allowAnonymous: s.allowAnonymous,
      isActive: s.isActive,
    },
  };
}

/** The documents of the knowledge: FAQ, services a visitor may see, news, guides and actions. */
export function knowledgeDocs(source: KnowledgeSource, actions: readonly KnowledgeDoc[]): KnowledgeDoc[] {
  return [
    ...source.faq.map((f): KnowledgeDoc => ({
      id: `faq:${f.id}`,
      kind: 'faq',
      title: both(f.translations.ar.question, f.translations.en.question),
      text: both(f.translations.ar.answer, f.translations.en.answer),
      keywords: FAQ_KEYWORDS[f.id] ?? '',
      extra: `${f.translations.ar.group} ${f.translations.en.group}`,
      href: `/faq#${f.id}`,
    })),
    ...source.services.filter((s) => !s.deactivated).map(serviceDoc),
    ...source.news.map((n): KnowledgeDoc => ({
      id: `news:${n.id}`,
      kind: 'news',
      title: both(n.translations.ar.title, n.translations.en.title),
      text: both(n.translations.ar.body, n.translations.en.body),
      keywords: '',
      extra: 'خبر اخبار news',
      href: `/news/${n.id}`,
    })),
    ...GUIDES,
    ...actions,
  ];
}
