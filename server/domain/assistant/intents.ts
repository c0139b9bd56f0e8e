import type { KnowledgeDoc } from './knowledge.ts';

/*
 * Noor's actions on the signed-in citizen's own data (decision 068), as documents of the same index: each carries
 * the ways citizens ask for it (standard Arabic, Egyptian, English), so one retrieval decides between "how do I pay
 * bills" (the FAQ) and "how much do I owe" (the citizen's bills). The answers are written when the action runs
 * (assistant.ts), with the existing use cases.
 */

export const ACTIONS = ['bills', 'requestStatus', 'meterReading', 'greeting'] as const;
export type TAction = (typeof ACTIONS)[number];

const action = (name: TAction, ar: string, en: string, href: string, examples: string[]): KnowledgeDoc => ({
  id: `action:${name}`,
  kind: 'action',
  title: { ar, en },
  text: { ar: '', en: '' },
  keywords: examples.join(' ، '),
  extra: '',
  href,
});

export const ACTION_DOCS: readonly KnowledgeDoc[] = [
  action('bills', 'فواتيري المستحقة', 'My bills due', '/services/PAYBILLS/add', [
    'عليا فلوس كام',
    'عليا كام',
    'المطلوب مني كام',
    'الفاتورة عليا بكام',
    'فواتيري',
    'الفواتير المستحقة عليا',
    'مديونيتي',
    'المتأخرات اللي عليا',
    'حسابي عليه كام',
    'المبلغ المستحق',
    'قيمة فاتورتي',
    'فاتورة الشهر ده',
    'فواتير لسه متدفعتش',
    'مدفعتش الفاتورة',
    'how much do I owe',
    'my bills due',
    'my unpaid bills',
    'what is my balance',
    'amount due on my account',
    'my electricity bill this month',
  ]),
  action('requestStatus', 'حالة طلبي', 'My request’s status', '/inbox', [
    'فين طلبي',
    'طلبي وصل لفين',
    'حالة طلبي',
    'حالة الطلب رقم',
    'ايه اخبار الطلب',
    'طلبي اتعمل ولا لسه',
    'متابعة طلبي',
    'اخر طلب قدمته',
    'الطلب بتاعي',
    'where is my request',
    'status of my request',
    'my request status',
    'track my application',
    'what happened to my request',
    'my latest request',
  ]),
  action('meterReading', 'قراءة عدادي', 'My meter reading', '/profile/meters', [
    'اخر قراءة للعداد',
    'قراية العداد',
    'قراءة عدادي كام',
    'امتى القراءة الجاية',
    'امتى اسجل القراءة',
    'موعد القراءة القادمة',
    'العداد قرا كام',
    'last meter reading',
    'my meter reading',
    'when is the next reading due',
    'when do I submit the reading',
  ]),
  action('greeting', 'مرحبًا', 'Hello', '/', [
    'السلام عليكم',
    'اهلا',
    'مرحبا',
    'صباح الخير',
    'مساء الخير',
    'ازيك',
    'شكرا',
    'hello',
    'hi',
    'good morning',
    'thanks',
    'thank you',
  ]),
];
