import type { TLang } from '../../../contract/basics.ts';
import type { TReportId } from '../../../contract/reports.ts';

/*
 * The words of an exported report (issue 25), in the server's own message table as the SMS and e-mails keep
 * theirs (server/domain/payments/messages.ts): the report's name, its columns, its filters and their values.
 * A key missing here (a column a report added later) is written as it is.
 */

type Words = Record<string, { ar: string; en: string }>;

export const REPORT_NAMES: Record<TReportId, { ar: string; en: string }> = {
  requests: { ar: 'الطلبات', en: 'Requests' },
  'decision-time': { ar: 'زمن البت في الطلبات', en: 'Time to decision' },
  'sla-breaches': { ar: 'تجاوز المدد المحددة', en: 'Time limit breaches' },
  channels: { ar: 'قنوات تقديم الطلبات', en: 'Filing channels' },
  ratings: { ar: 'تقييمات الخدمات', en: 'Ratings' },
  readings: { ar: 'قراءات العدادات', en: 'Meter readings' },
  meters: { ar: 'العدادات حسب حالة الاعتماد', en: 'Meters by approval state' },
  collections: { ar: 'التحصيلات', en: 'Collections' },
  'fees-refunds': { ar: 'الرسوم والمبالغ المستردة', en: 'Fees and refunds' },
  'bills-ageing': { ar: 'أعمار الفواتير غير المسددة', en: 'Bills ageing' },
  reconciliation: { ar: 'المطابقة مع بوابات الدفع', en: 'Reconciliation' },
};

const COLUMNS: Words = {
  service: { ar: 'الخدمة', en: 'Service' },
  status: { ar: 'الحالة', en: 'Status' },
  stage: { ar: 'المرحلة', en: 'Stage' },
  company: { ar: 'شركة التوزيع', en: 'Distribution company' },
  sector: { ar: 'القطاع', en: 'Sector' },
  serviceCenter: { ar: 'مركز الخدمة', en: 'Service center' },
  day: { ar: 'اليوم', en: 'Day' },
  month: { ar: 'الشهر', en: 'Month' },
  gateway: { ar: 'بوابة الدفع', en: 'Gateway' },
  filed: { ar: 'المقدمة', en: 'Filed' },
  decided: { ar: 'المبتوت فيها', en: 'Decided' },
  open: { ar: 'المفتوحة', en: 'Open' },
  medianDays: { ar: 'الوسيط (أيام)', en: 'Median (days)' },
  p90Days: { ar: 'المئين 90 (أيام)', en: '90th percentile (days)' },
  averageDays: { ar: 'المتوسط (أيام)', en: 'Average (days)' },
  breached: { ar: 'المتجاوزة للمدة', en: 'Past the time limit' },
  breachedShare: { ar: 'نسبة التجاوز ٪', en: 'Share past the limit %' },
  averageDaysOverdue: { ar: 'متوسط أيام التأخير', en: 'Average days overdue' },
  maxDaysOverdue: { ar: 'أقصى أيام التأخير', en: 'Most days overdue' },
  citizen: { ar: 'المواطن بنفسه', en: 'By the citizen' },
  employee: { ar: 'موظف نيابة عنه', en: 'By an employee' },
  agent: { ar: 'وكيل نيابة عنه', en: 'By an agent' },
  ratings: { ar: 'عدد التقييمات', en: 'Ratings' },
  averageRating: { ar: 'متوسط التقييم', en: 'Average rating' },
  easy: { ar: 'أتممت بسهولة', en: 'Completed easily' },
  someDifficulty: { ar: 'أتممت ببعض الصعوبة', en: 'With some difficulty' },
  couldNotComplete: { ar: 'لم أتمكن من الإتمام', en: 'Could not complete' },
  readings: { ar: 'القراءات', en: 'Readings' },
  onTime: { ar: 'في موعدها', en: 'On time' },
  late: { ar: 'متأخرة', en: 'Late' },
  offline: { ar: 'أرسلت دون اتصال', en: 'Sent offline' },
  offlineShare: { ar: 'نسبة ما أرسل دون اتصال ٪', en: 'Share sent offline %' },
  meters: { ar: 'العدادات', en: 'Meters' },
  pending: { ar: 'قيد المراجعة', en: 'Pending' },
  approved: { ar: 'معتمدة', en: 'Approved' },
  rejected: { ar: 'مرفوضة', en: 'Rejected' },
  removed: { ar: 'محذوفة', en: 'Removed' },
  // The financial reports' columns (server/domain/reports/financial.ts).
  payments: { ar: 'المدفوعات', en: 'Payments' },
  amount: { ar: 'المبلغ', en: 'Amount' },
  billsAmount: { ar: 'مبالغ الفواتير', en: 'Bills amount' },
  serviceFees: { ar: 'رسوم الخدمة', en: 'Service fees' },
  gatewayFees: { ar: 'رسوم بوابة الدفع', en: 'Gateway fees' },
  fees: { ar: 'إجمالي الرسوم', en: 'Fees' },
  refunds: { ar: 'المبالغ المستردة (عدد)', en: 'Refunds' },
  refundedAmount: { ar: 'المبالغ المستردة', en: 'Refunded amount' },
  bills: { ar: 'الفواتير', en: 'Bills' },
  notDue: { ar: 'لم تستحق بعد', en: 'Not yet due' },
  days0to30: { ar: '0 - 30 يومًا', en: '0-30 days' },
  days31to60: { ar: '31 - 60 يومًا', en: '31-60 days' },
  days61to90: { ar: '61 - 90 يومًا', en: '61-90 days' },
  days90plus: { ar: 'أكثر من 90 يومًا', en: 'Over 90 days' },
  date: { ar: 'التاريخ', en: 'Date' },
  kind: { ar: 'نوع الفرق', en: 'Discrepancy' },
  transactionId: { ar: 'رقم العملية', en: 'Transaction' },
  merchantReference: { ar: 'المرجع', en: 'Merchant reference' },
  paymentStatus: { ar: 'حالة الدفع', en: 'Payment status' },
  portalAmount: { ar: 'المبلغ في البوابة الإلكترونية', en: 'Portal amount' },
  gatewayAmount: { ar: 'المبلغ لدى بوابة الدفع', en: 'Gateway amount' },
  difference: { ar: 'الفرق', en: 'Difference' },
};

const FILTERS: Words = {
  from: { ar: 'من', en: 'From' },
  to: { ar: 'إلى', en: 'To' },
  by: { ar: 'التجميع حسب', en: 'Grouped by' },
  service: COLUMNS.service!,
  status: COLUMNS.status!,
  companyId: COLUMNS.company!,
  sectorId: COLUMNS.sector!,
  serviceCenterId: COLUMNS.serviceCenter!,
  ageGroup: { ar: 'الفئة العمرية', en: 'Age group' },
  channel: { ar: 'القناة', en: 'Channel' },
};

const VALUES: Words = {
  all: { ar: 'الكل', en: 'All' },
  under60: { ar: 'أقل من 60 سنة', en: 'Under 60' },
  '60plus': { ar: '60 سنة فأكثر', en: '60 or older' },
  citizen: COLUMNS.citizen!,
  employee: COLUMNS.employee!,
  agent: COLUMNS.agent!,
};

const SHEET: Words = {
  total: { ar: 'الإجمالي', en: 'Total' },
  generatedAt: { ar: 'تاريخ الإصدار', en: 'Generated' },
  filters: { ar: 'عوامل التصفية', en: 'Filters' },
  none: { ar: 'غير محدد', en: 'Not set' },
};

const pick = (table: Words, key: string, lang: TLang) => table[key]?.[lang] ?? key;

export const reportName = (id: TReportId, lang: TLang) => REPORT_NAMES[id][lang];
export const columnName = (key: string, lang: TLang) => pick(COLUMNS, key, lang);
export const filterName = (key: string, lang: TLang) => pick(FILTERS, key, lang);
/** A filter's value: a dimension by its column name, an age group or channel by its name, anything else as is. */
export const filterValue = (key: string, value: string, lang: TLang) =>
  key === 'by' ? pick(COLUMNS, value, lang) : key === 'ageGroup' || key === 'channel' ? pick(VALUES, value, lang) : value;
export const sheetWord = (key: keyof typeof SHEET & string, lang: TLang) => pick(SHEET, key, lang);
