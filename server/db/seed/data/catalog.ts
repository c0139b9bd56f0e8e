import type { TActivationWindow, TActivity, TFieldSchema, TWorkflow } from '../../../../contract/catalog.ts';
import type { SeedCategory, SeedService } from '../types.ts';

/* --------------------------------------------------- categories ------------------------------------------------ */

const cat = (id: string, order: number, icon: string, ar: string, en: string): SeedCategory => ({
  id: `cat-${id}`,
  order,
  icon,
  translations: { ar: { name: ar }, en: { name: en } },
});

export const categories: SeedCategory[] = [
  cat('meters', 1, 'meter', 'العدادات', 'Meters'),
  cat('bills', 2, 'bill', 'الفواتير والمدفوعات', 'Bills and payments'),
  cat('connections', 3, 'plug', 'توصيل التيار', 'Power connections'),
  cat('faults', 4, 'alert', 'الأعطال والشكاوى', 'Faults and complaints'),
  cat('documents', 5, 'document', 'الشهادات والمستندات', 'Certificates and documents'),
  cat('care', 6, 'headset', 'خدمة العملاء', 'Customer care'),
  cat('contracts', 7, 'contract', 'التعاقدات', 'Contracts'),
];

/* --------------------------------------------------- form fields ------------------------------------------------ */

type L = { ar: string; en: string };
const l = (ar: string, en: string): L => ({ ar, en });
type F = TFieldSchema;

const text = (label: L, extra: Partial<F> = {}): F => ({ type: 'text', label, min: 2, max: 200, ...extra });
const F = {
  applicantName: (): F => text(l('اسم مقدم الطلب رباعيًا', 'Applicant’s full name'), { min: 8, max: 120, showColumn: true, searchField: true }),
  nationalId: (): F => ({ type: 'nationalId', label: l('الرقم القومي', 'National ID'), regExp: '^[23][0-9]{13}$', customRegexError: l('الرقم القومي 14 رقمًا يبدأ بـ 2 أو 3', 'The national ID is 14 digits starting with 2 or 3'), searchField: true }),
  mobile: (): F => ({ type: 'phone', label: l('رقم المحمول', 'Mobile number'), regExp: '^01[0125][0-9]{8}$', customRegexError: l('رقم محمول مصري من 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015', 'An Egyptian mobile number: 11 digits starting 010, 011, 012 or 015') }),
  governorate: (): F => ({ type: 'select', label: l('المحافظة', 'Governorate'), lazyLoad: { apiDependencies: ['governorates'] } }),
  address: (): F => ({ type: 'textarea', label: l('عنوان التركيب بالتفصيل', 'Installation address in detail'), min: 10, max: 300, showColumn: true }),
  meterNumber: (label = l('رقم العداد', 'Meter number')): F => ({ type: 'meter', label, regExp: '^[0-9]{6,14}$', customRegexError: l('رقم العداد من 6 إلى 14 رقمًا', 'The meter number has 6 to 14 digits'), showColumn: true, searchField: true }),
  subscriberCode: (): F => ({ type: 'text', label: l('الكود الموحد للمشترك', 'Subscriber (combined) code'), regExp: '^[0-9]{8,20}$', customRegexError: l('الكود الموحد من 8 إلى 20 رقمًا كما في الفاتورة', 'The combined code has 8 to 20 digits, as printed on your bill'), showColumn: true, searchField: true }),
  attachments: (label = l('المستندات المطلوبة', 'Required documents')): F => ({ type: 'file', label, multiple: true, min: 1, max: 5, accept: ['application/pdf', 'image/jpeg', 'image/png'] }),
  propertyType: (): F => ({
    type: 'select',
    label: l('نوع العقار', 'Property type'),
    uniforms: { options: [
      { value: 'residential', label: l('سكني', 'Residential') },
      { value: 'commercial', label: l('تجاري', 'Commercial') },
      { value: 'industrial', label: l('صناعي', 'Industrial') },
      { value: 'agricultural', label: l('زراعي', 'Agricultural') },
      { value: 'other', label: l('أخرى', 'Other') },
    ] },
  }),
  otherDetails: (): F => ({
    type: 'text',
    label: l('وصف نوع العقار', 'Describe the property type'),
    optional: true,
    conditionalField: { behavior: 'show', operator: 'and', conditions: [{ field: 'propertyType', relation: 'eq', fieldName: 'other' }] },
  }),
  notes: (): F => ({ type: 'textarea', label: l('ملاحظات', 'Notes'), optional: true, max: 500 }),
  load: (): F => ({ type: 'number', label: l('القدرة المطلوبة', 'Requested load'), postfix: l('ك.و', 'kW'), min: 1, max: 5000 }),
};

/* --------------------------------------------------- activities ------------------------------------------------ */

const apply = (fields: Record<string, F>, label = l('بيانات الطلب', 'Request details')): TActivity => ({
  activityId: 'apply',
  label: l('تقديم الطلب', 'Apply'),
  actor: 'citizen',
  steps: [{ stepId: 'details', label, fieldsSchema: fields }],
});
const payActivity = (): TActivity => ({
  activityId: 'pay',
  label: l('سداد الرسوم', 'Pay the fees'),
  actor: 'citizen',
  steps: [{ stepId: 'confirm', label: l('تأكيد السداد', 'Confirm payment'), fieldsSchema: {} }],
});
const rateActivity = (): TActivity => ({
  activityId: 'rate',
  label: l('تقييم الخدمة', 'Rate the service'),
  actor: 'citizen',
  steps: [{
    stepId: 'rating',
    label: l('رأيك يهمنا', 'Your opinion matters'),
    fieldsSchema: {
      rating: { type: 'rating', label: l('كيف كانت تجربتك؟', 'How was your experience?'), lowestRatingText: l('لم أتمكن من إتمام الخدمة', 'I could not complete it'), highestRatingText: l('أتممتها بسهولة', 'I completed it easily'), min: 1, max: 3 },
      comment: { type: 'textarea', label: l('تعليق', 'Comment'), optional: true, max: 500 },
    },
  }],
});
const reviewActivity = (): TActivity => ({
  activityId: 'review',
  label: l('مراجعة الموظف', 'Employee review'),
  actor: 'employee',
  steps: [{ stepId: 'decision', label: l('القرار', 'Decision'), fieldsSchema: { comment: { type: 'textarea', label: l('تعليق الموظف', 'Employee comment'), optional: true, max: 1000 } } }],
});

/* ---------------------------------------------------- workflows ------------------------------------------------ */

const S = {
  new: { id: 'new', label: l('جديد', 'New') },
  in_progress: { id: 'in_progress', label: l('قيد التنفيذ', 'In progress') },
  needs_info: { id: 'needs_info', label: l('يحتاج معلومات إضافية', 'Needs extra information') },
  in_review: { id: 'in_review', label: l('قيد المراجعة', 'In review') },
  awaiting_payment: { id: 'awaiting_payment', label: l('في انتظار السداد', 'Awaiting payment'), activityId: 'pay' },
  approved: { id: 'approved', label: l('تمت الموافقة، انتظر اتصالًا لتحديد موعد التركيب', 'Approved: wait for a call to set the installation date') },
  installed: { id: 'installed', label: l('تم التركيب', 'Installed') },
  connected: { id: 'connected', label: l('تم توصيل التيار', 'Connected'), final: true },
  delivered: { id: 'delivered', label: l('تم التسليم', 'Delivered'), final: true },
  completed: { id: 'completed', label: l('مكتمل', 'Completed'), final: true },
  rejected: { id: 'rejected', label: l('مرفوض', 'Rejected'), final: true },
  cancelled: { id: 'cancelled', label: l('ملغي', 'Cancelled'), final: true },
} as const;
type StatusId = keyof typeof S;
const STAFF = ['employee'];

/** A workflow through the given statuses in order, with rejection and cancellation from every open status. */
function flow(path: StatusId[]): TWorkflow {
  const ids: StatusId[] = [...new Set<StatusId>([...path, 'needs_info', 'rejected', 'cancelled'])];
  const open = path.filter((s) => !('final' in S[s]));
  const transitions: TWorkflow['transitions'] = [];
  for (let i = 0; i < path.length - 1; i++) transitions.push({ from: path[i]!, to: path[i + 1]!, roles: STAFF });
  for (const s of open) {
    transitions.push({ from: s, to: 'rejected', roles: STAFF }, { from: s, to: 'cancelled' });
    if (s !== 'needs_info') transitions.push({ from: s, to: 'needs_info', roles: STAFF });
  }
  transitions.push({ from: 'needs_info', to: path[1] ?? path[0]! });
  return { initialStatus: path[0]!, statuses: ids.map((id) => ({ ...S[id] })), transitions };
}

const stages2 = (first: StatusId[], second: StatusId[], d1: number, d2: number) => [
  { stageId: 'review', label: l('المراجعة', 'Review'), statuses: first, days: d1 },
  { stageId: 'execution', label: l('التنفيذ', 'Execution'), statuses: second, days: d2 },
];

/* ---------------------------------------------------- services ------------------------------------------------- */

type Texts = { label: string; description: string; steps: string[]; papers: string[]; terms: string[]; faq: [string, string][]; costNote?: string };
type Def = {
  slug: string;
  category: string | string[];
  ar: Texts;
  en: Texts;
  cost?: number; // EGP; absent = free
  pay?: ('online' | 'office')[];
  days: number;
  fields: Record<string, F>;
  path?: StatusId[];
  type?: SeedService['serviceType'];
  extra?: Partial<SeedService>;
};

const texts = (t: Texts) => ({
  serviceLabel: t.label,
  description: t.description,
  steps: t.steps,
  requiredPapers: t.papers,
  terms: t.terms,
  faq: t.faq.map(([question, answer]) => ({ question, answer })),
  ...(t.costNote ? { costNote: t.costNote } : {}),
});

let order = 0;
function service(d: Def): SeedService {
  order += 1;
  const paid = d.cost !== undefined && d.cost > 0;
  const path = d.path ?? (paid ? ['new', 'in_review', 'awaiting_payment', 'approved', 'completed'] : ['new', 'in_review', 'completed']);
  const activities = [apply(d.fields), ...(paid ? [payActivity()] : []), reviewActivity(), rateActivity()];
  if (d.ar.steps.length !== d.en.steps.length) throw new Error(`${d.slug}: steps differ between languages`);
  const activation: TActivationWindow = { kind: 'permanent' };
  return {
    id: `svc-${d.slug.toLowerCase().replaceAll('_', '-')}`,
    serviceSlug: d.slug,
    logo: `/icons/services/${d.slug.toLowerCase()}.svg`,
    serviceDictionary: [
      { code: 'REQ', label: l('طلب', 'Request') },
      { code: 'SLA', label: l(`${d.days} يوم عمل`, `${d.days} working days`) },
    ],
    translations: { ar: texts(d.ar), en: texts(d.en) },
    activities,
    workflow: flow(path),
    serviceType: d.type ?? 'request',
    hooks: [],
    tour: [{ selector: '[data-tour="new-request"]', text: l('ابدأ طلبًا جديدًا من هنا', 'Start a new request here') }],
    stages: stages2(path.filter((s) => ['new', 'in_review', 'needs_info'].includes(s)), path.filter((s) => !['new', 'in_review', 'needs_info'].includes(s)), 1, Math.max(0, d.days - 1)),
    personalization: {},
    categoryIds: (Array.isArray(d.category) ? d.category : [d.category]).map((c) => `cat-${c}`),
    release: '2026-01-01',
    version: 1,
    fromDate: null,
    toDate: null,
    activation,
    deactivated: false,
    paymentInAdvance: false,
    hideServiceTable: false,
    hiddenOn: [],
    disabledOn: [],
    allowAnonymous: false,
    businessAttributes: {
      cost: paid ? { kind: 'paid', amount: d.cost } : { kind: 'free' },
      payMethods: paid ? (d.pay ?? ['online', 'office']) : [],
      numberOfSteps: d.ar.steps.length,
      numberOfDays: d.days,
    },
    order,
    ...d.extra,
  };
}

const NID_COPY = ['صورة بطاقة الرقم القومي سارية', 'A copy of a valid national ID card'] as const;
const LAST_BILL = ['صورة آخر فاتورة كهرباء', 'A copy of the latest electricity bill'] as const;
const OWNERSHIP = ['مستند ملكية أو عقد إيجار موثق للعقار', 'A title deed or registered lease of the property'] as const;
const ar = (x: readonly [string, string]) => x[0];
const en = (x: readonly [string, string]) => x[1];
const TERMS_AR = ['صحة البيانات المقدمة مسؤولية مقدم الطلب', 'قد يُطلب تقديم أصول المستندات عند المعاينة'];
const TERMS_EN = ['The applicant is responsible for the accuracy of the data given', 'The original documents may be requested at the inspection'];

export const services: SeedService[] = [
  service({
    slug: 'CODEMETER', category: 'meters', cost: 350, days: 15,
    fields: { applicantName: F.applicantName(), nationalId: F.nationalId(), mobile: F.mobile(), governorate: F.governorate(), address: F.address(), nearestMeter: { ...F.meterNumber(l('رقم أقرب عداد مجاور', 'Nearest neighbouring meter number')), optional: true }, propertyType: F.propertyType(), otherDetails: F.otherDetails(), attachments: F.attachments() },
    path: ['new', 'in_review', 'awaiting_payment', 'approved', 'installed', 'completed'],
    ar: { label: 'تركيب عداد كودي', description: 'عداد مؤقت لمن يستخدمون التيار الكهربائي دون عداد قانوني، لتقنين الاستهلاك ومحاسبته بدقة إلى أن يُستبدل بعداد قانوني أو يُرفع.', steps: ['تقديم الطلب والمستندات', 'المعاينة الفنية للموقع', 'سداد رسوم المعاينة والتركيب', 'تركيب العداد خلال 7 أيام عمل ثم 8 أيام أخرى'], papers: [ar(NID_COPY), 'إقرار بعدم وجود عداد قانوني بالوحدة', 'صورة فاتورة أقرب عداد مجاور إن وجدت'], terms: [...TERMS_AR, 'العداد الكودي لا يُعد سندًا لملكية الوحدة'], faq: [['هل العداد الكودي دائم؟', 'لا، هو عداد مؤقت يُستبدل بعداد قانوني أو يُرفع عند تقنين الوضع.'], ['متى يُركّب العداد؟', 'خلال 7 أيام عمل من سداد رسوم المعاينة إذا توفرت التغذية، ثم 8 أيام أخرى.']], costNote: 'رسوم المعاينة، وتُحدد تكلفة العداد بعد المعاينة' },
    en: { label: 'Install a code meter', description: 'A temporary meter for people drawing power without a legal meter, so their consumption is measured and billed fairly until a legal meter replaces it or it is removed.', steps: ['File the request and documents', 'Technical inspection of the site', 'Pay the inspection and installation fees', 'Meter installed within 7 working days, then 8 more days'], papers: [en(NID_COPY), 'A declaration that the unit has no legal meter', 'A copy of the nearest neighbouring meter’s bill, if any'], terms: [...TERMS_EN, 'A code meter is not proof of ownership of the unit'], faq: [['Is a code meter permanent?', 'No. It is temporary and is replaced by a legal meter or removed once the situation is regularised.'], ['When is the meter installed?', 'Within 7 working days after paying the inspection fee if power is available, then 8 more days.']], costNote: 'Inspection fee; the meter’s cost is set after the inspection' },
    extra: { paymentInAdvance: true },
  }),
  service({
    slug: 'LMIFT', category: ['meters', 'connections'], cost: 500, days: 16,
    fields: { applicantName: F.applicantName(), nationalId: F.nationalId(), mobile: F.mobile(), governorate: F.governorate(), address: F.address(), propertyType: F.propertyType(), otherDetails: F.otherDetails(), load: F.load(), attachments: F.attachments() },
    path: ['new', 'in_review', 'awaiting_payment', 'approved', 'installed', 'connected'],
    ar: { label: 'تركيب عداد قانوني لأول مرة', description: 'طلب تركيب عداد قانوني لوحدة جديدة وتوصيل التيار على الجهد المنخفض لأول مرة.', steps: ['تقديم الطلب (يوم واحد)', 'المعاينة وإعداد المقايسة (7 أيام)', 'سداد الرسوم واستيفاء التصاريح', 'التركيب وتوصيل التيار (8 أيام)'], papers: [ar(NID_COPY), ar(OWNERSHIP), 'ترخيص البناء أو ما يفيد التصالح', 'شهادة صلاحية التوصيلات الداخلية'], terms: [...TERMS_AR, 'المقايسة صالحة لمدة ثلاثة أشهر من تاريخها'], faq: [['كم تستغرق الخدمة؟', 'إجمالي 16 يومًا: يوم للطلب، و7 أيام حتى السداد، و8 أيام بعد السداد والتصاريح.'], ['ما صلاحية المقايسة؟', 'ثلاثة أشهر من تاريخها.']], costNote: 'رسوم المعاينة؛ تُحدد باقي التكلفة بالمقايسة' },
    en: { label: 'Install a legal meter for the first time', description: 'Request a legal meter for a new unit and a first low-voltage power connection.', steps: ['File the request (1 day)', 'Inspection and estimate (7 days)', 'Pay the fees and complete the permits', 'Installation and connection (8 days)'], papers: [en(NID_COPY), en(OWNERSHIP), 'The building permit or proof of settlement', 'A certificate that the internal wiring is sound'], terms: [...TERMS_EN, 'The estimate is valid for three months from its date'], faq: [['How long does it take?', '16 days in total: 1 day to apply, 7 days to the payment step, 8 days after payment and permits.'], ['How long is the estimate valid?', 'Three months from its date.']], costNote: 'Inspection fee; the rest is set by the estimate' },
    extra: { paymentInAdvance: true },
  }),
  service({
    slug: 'ADD_METER', category: 'meters', days: 3, type: 'registration',
    fields: { meterNumber: F.meterNumber(), subscriberCode: F.subscriberCode(), ownerNationalId: F.nationalId(), meterName: { type: 'text', label: l('اسم مميز للعداد', 'A name for the meter'), optional: true, max: 40, placeholder: l('مثال: الشقة', 'e.g. Flat') } },
    path: ['new', 'in_review', 'approved', 'completed'],
    ar: { label: 'إضافة عداد إلى الحساب', description: 'أضف عدادك إلى حسابك لمتابعة الفواتير وتسجيل القراءات وسداد المستحقات من مكان واحد.', steps: ['إدخال رقم العداد والكود الموحد', 'مراجعة البيانات واعتماد العداد'], papers: ['آخر فاتورة للعداد (لقراءة الكود الموحد)'], terms: ['يجب أن يكون العداد باسم مقدم الطلب أو بتفويض من مالكه'], faq: [['أين أجد الكود الموحد؟', 'في أعلى فاتورة الكهرباء بجوار رقم العداد.'], ['كم عدادًا يمكنني إضافته؟', 'يمكنك إضافة كل العدادات المسجلة باسمك.']] },
    en: { label: 'Add a meter to your account', description: 'Add your meter to your account to follow its bills, submit readings and pay dues in one place.', steps: ['Enter the meter number and the combined code', 'Data review and meter approval'], papers: ['The meter’s latest bill (for the combined code)'], terms: ['The meter must be in the applicant’s name or the owner must authorise it'], faq: [['Where do I find the combined code?', 'At the top of the electricity bill, next to the meter number.'], ['How many meters can I add?', 'Every meter registered in your name.']] },
  }),
  service({
    slug: 'PAYBILLS', category: 'bills', days: 0, type: 'payment', path: ['new', 'completed'],
    fields: { subscriberCode: F.subscriberCode() },
    ar: { label: 'سداد الفواتير', description: 'استعلم عن فواتير الكهرباء المستحقة وادفعها إلكترونيًا بالبطاقة أو برقم مرجعي، مع إيصال فوري.', steps: ['إدخال الكود الموحد واختيار الفواتير', 'الدفع ومتابعة حالة السداد'], papers: [], terms: ['تُسدد الفواتير الأقدم أولًا', 'رسوم الخدمة ورسوم بوابة الدفع تظهر قبل الدفع'], faq: [['هل يمكن سداد أكثر من فاتورة؟', 'نعم، اختر الفواتير المستحقة وادفعها في عملية واحدة.'], ['دفعت ولم تتغير الحالة؟', 'انتظر تأكيد بوابة الدفع واستخدم زر تحديث الحالة، ولا تكرر الدفع.']] },
    en: { label: 'Pay bills', description: 'Look up the electricity bills due and pay them online by card or with a reference number, with an instant receipt.', steps: ['Enter the combined code and select bills', 'Pay and follow the payment status'], papers: [], terms: ['Older bills are paid first', 'The service fee and the gateway fee are shown before you pay'], faq: [['Can I pay several bills?', 'Yes: select the bills due and pay them in one payment.'], ['I paid but the status did not change?', 'Wait for the gateway’s confirmation and use “Refresh status”; do not pay twice.']] },
    extra: { hideServiceTable: true },
  }),
  service({
    slug: 'CCC', category: 'documents', cost: 50, days: 3, pay: ['online'],
    fields: { subscriberCode: F.subscriberCode(), purpose: { type: 'select', label: l('الغرض من الشهادة', 'Purpose of the certificate'), uniforms: { options: [{ value: 'bank', label: l('جهة بنكية', 'A bank') }, { value: 'government', label: l('جهة حكومية', 'A government body') }, { value: 'other', label: l('أخرى', 'Other') }] } } },
    path: ['new', 'in_review', 'awaiting_payment', 'delivered'],
    ar: { label: 'شهادة بيانات التعاقد', description: 'شهادة رسمية ببيانات تعاقد العداد (الاسم والعنوان ونوع النشاط وتاريخ التعاقد) تُقدم للجهات المختلفة، مع رمز QR للتحقق.', steps: ['تقديم الطلب', 'سداد الرسوم', 'استلام الشهادة إلكترونيًا'], papers: [ar(NID_COPY)], terms: ['تصدر الشهادة باسم صاحب التعاقد فقط'], faq: [['كيف تتحقق الجهة من الشهادة؟', 'بمسح رمز QR المطبوع عليها.'], ['هل الشهادة ورقية؟', 'تصدر إلكترونيًا ويمكن طباعتها.']] },
    en: { label: 'Contract data certificate', description: 'An official certificate of the meter’s contract data (name, address, activity, contract date) for other bodies, with a QR code to verify it.', steps: ['File the request', 'Pay the fee', 'Receive the certificate online'], papers: [en(NID_COPY)], terms: ['The certificate is issued only to the contract holder'], faq: [['How does a body check the certificate?', 'By scanning the QR code printed on it.'], ['Is it a paper certificate?', 'It is issued online and can be printed.']] },
  }),
  service({
    slug: 'CHARGE_CARD_REPLACEMENT', category: 'meters', cost: 75, days: 2,
    fields: { meterNumber: F.meterNumber(), reason: { type: 'radio', label: l('سبب الاستبدال', 'Reason for replacement'), uniforms: { options: [{ value: 'lost', label: l('فقد', 'Lost') }, { value: 'damaged', label: l('تلف', 'Damaged') }] } }, attachments: { ...F.attachments(l('صورة الكارت التالف (إن وجد)', 'Photo of the damaged card (if any)')), optional: true, min: 0 } },
    path: ['new', 'in_review', 'awaiting_payment', 'delivered'],
    ar: { label: 'بدل فاقد أو تالف لكارت الشحن', description: 'استخراج كارت شحن جديد للعداد مسبق الدفع بدلًا من كارت مفقود أو تالف، مع نقل الرصيد المتبقي.', steps: ['تقديم الطلب', 'سداد الرسوم', 'استلام الكارت من الفرع'], papers: [ar(NID_COPY), 'الكارت التالف في حالة التلف'], terms: ['يُلغى الكارت القديم فور إصدار الجديد'], faq: [['هل يضيع رصيدي؟', 'لا، يُنقل الرصيد المسجل إلى الكارت الجديد.']] },
    en: { label: 'Replace a lost or damaged charge card', description: 'Get a new charge card for a prepaid meter in place of a lost or damaged one; the remaining credit is carried over.', steps: ['File the request', 'Pay the fee', 'Collect the card from the branch'], papers: [en(NID_COPY), 'The damaged card, if damaged'], terms: ['The old card is cancelled as soon as the new one is issued'], faq: [['Do I lose my credit?', 'No. The recorded credit moves to the new card.']] },
  }),
  service({
    slug: 'FAULTS_COMPLAINTS', category: 'faults', days: 1, type: 'ticket',
    fields: {
      faultType: { type: 'select', label: l('نوع العطل أو الشكوى', 'Fault or complaint type'), uniforms: { options: [{ value: 'outage', label: l('انقطاع التيار', 'Power outage') }, { value: 'voltage', label: l('تذبذب الجهد', 'Voltage fluctuation') }, { value: 'cable', label: l('كابل مكشوف أو عمود مائل', 'Exposed cable or leaning pole') }, { value: 'billing', label: l('شكوى فاتورة', 'Billing complaint') }, { value: 'other', label: l('أخرى', 'Other') }] } },
      otherDetails: { type: 'text', label: l('حدد نوع الشكوى', 'Specify the complaint'), max: 120, conditionalField: { behavior: 'show', operator: 'and', conditions: [{ field: 'faultType', relation: 'eq', fieldName: 'other' }] } },
      description: { type: 'textarea', label: l('وصف العطل', 'Describe the fault'), min: 10, max: 1000 },
      location: { type: 'location', label: l('موقع العطل', 'Location of the fault') },
      mobile: F.mobile(),
    },
    path: ['new', 'in_progress', 'completed'],
    ar: { label: 'الأعطال والشكاوى', description: 'أبلغ عن انقطاع التيار أو عطل في الشبكة أو قدّم شكوى، وتابع معالجتها حتى الإغلاق.', steps: ['تسجيل البلاغ', 'متابعة المعالجة حتى الإغلاق'], papers: [], terms: ['البلاغات الكاذبة تعرض صاحبها للمساءلة'], faq: [['هل أحتاج حسابًا للإبلاغ؟', 'لا، يمكن الإبلاغ دون تسجيل الدخول.'], ['هل يوجد رقم للطوارئ؟', 'نعم، الخط الساخن 121 على مدار الساعة.']] },
    en: { label: 'Faults and complaints', description: 'Report an outage or a network fault, or file a complaint, and follow it until it is closed.', steps: ['Report the problem', 'Follow it until it is closed'], papers: [], terms: ['False reports are subject to accountability'], faq: [['Do I need an account to report?', 'No, you can report without signing in.'], ['Is there an emergency number?', 'Yes, the hotline 121, around the clock.']] },
    extra: { allowAnonymous: true },
  }),
  service({
    slug: 'POWER_INVESTMENT', category: 'connections', cost: 2500, days: 45,
    fields: { companyName: text(l('اسم الشركة أو المشروع', 'Company or project name'), { max: 150 }), commercialRegister: { type: 'text', label: l('رقم السجل التجاري', 'Commercial register number'), regExp: '^[0-9]{3,12}$' }, governorate: F.governorate(), address: F.address(), load: F.load(), attachments: F.attachments() },
    path: ['new', 'in_review', 'awaiting_payment', 'approved', 'connected'],
    ar: { label: 'توصيل التيار للمشروعات الاستثمارية', description: 'توصيل التغذية الكهربائية للمشروعات الاستثمارية والمناطق الصناعية على الجهد المتوسط أو المنخفض وفق القدرة المطلوبة.', steps: ['تقديم الطلب ودراسة القدرة', 'المعاينة وإعداد المقايسة', 'سداد التكاليف', 'تنفيذ الأعمال وتوصيل التيار'], papers: ['السجل التجاري والبطاقة الضريبية', 'موافقة الهيئة العامة للاستثمار أو الجهة المختصة', ar(OWNERSHIP), 'الرسومات الهندسية المعتمدة'], terms: [...TERMS_AR, 'المقايسة صالحة لمدة ثلاثة أشهر'], faq: [['هل يمكن التوصيل على مراحل؟', 'نعم وفق دراسة الأحمال المعتمدة.']], costNote: 'رسوم دراسة الطلب؛ تكلفة التنفيذ بالمقايسة' },
    en: { label: 'Power connection for investment projects', description: 'Power supply for investment projects and industrial zones at medium or low voltage, according to the requested load.', steps: ['Apply and study the load', 'Inspection and estimate', 'Pay the costs', 'Works and connection'], papers: ['Commercial register and tax card', 'Approval of the investment authority or competent body', en(OWNERSHIP), 'Approved engineering drawings'], terms: [...TERMS_EN, 'The estimate is valid for three months'], faq: [['Can the connection be done in phases?', 'Yes, according to the approved load study.']], costNote: 'Study fee; the works cost is set by the estimate' },
  }),
  service({
    slug: 'POWER_SME', category: 'connections', cost: 900, days: 30,
    fields: { applicantName: F.applicantName(), nationalId: F.nationalId(), activity: text(l('نوع النشاط', 'Type of activity'), { max: 100 }), governorate: F.governorate(), address: F.address(), load: F.load(), attachments: F.attachments() },
    path: ['new', 'in_review', 'awaiting_payment', 'approved', 'connected'],
    ar: { label: 'توصيل التيار للمشروعات الصغيرة والمتوسطة', description: 'إجراءات ميسرة لتوصيل التيار للورش والمحال والمشروعات الصغيرة والمتوسطة المسجلة لدى جهاز تنمية المشروعات.', steps: ['تقديم الطلب', 'المعاينة والمقايسة', 'السداد', 'التوصيل'], papers: [ar(NID_COPY), 'شهادة من جهاز تنمية المشروعات', 'ترخيص مزاولة النشاط'], terms: [...TERMS_AR], faq: [['هل توجد تيسيرات في السداد؟', 'يمكن تقسيط تكلفة التوصيل وفق الضوابط المعلنة.']] },
    en: { label: 'Power connection for small and medium projects', description: 'Simplified procedures to connect workshops, shops and small and medium projects registered with the enterprise development agency.', steps: ['Apply', 'Inspection and estimate', 'Payment', 'Connection'], papers: [en(NID_COPY), 'A certificate from the enterprise development agency', 'The activity licence'], terms: [...TERMS_EN], faq: [['Can the cost be paid in instalments?', 'Yes, under the published rules.']] },
  }),
  service({
    slug: 'METER_READING', category: 'meters', days: 0, type: 'registration', path: ['new', 'completed'],
    fields: { meterNumber: F.meterNumber(), currentReading: { type: 'number', label: l('القراءة الحالية', 'Current reading'), postfix: l('ك.و.س', 'kWh'), min: 0, max: 99999999 }, readingPhoto: { type: 'image', label: l('صورة العداد', 'Photo of the meter'), min: 1, max: 1, accept: ['image/jpeg', 'image/png'] } },
    ar: { label: 'تسجيل قراءة العداد', description: 'سجّل قراءة عدادك الشهرية مع صورة العداد، حتى دون اتصال بالإنترنت؛ تُرسل القراءة مرة واحدة عند عودة الاتصال.', steps: ['إدخال القراءة وصورة العداد', 'مراجعة القراءة واعتمادها'], papers: [], terms: ['يجب أن تكون القراءة الحالية أكبر من السابقة', 'قد تتم مطابقة القراءة بزيارة ميدانية'], faq: [['ماذا لو كانت القراءة أقل من السابقة؟', 'لن تُقبل؛ راجع الأرقام أو تواصل مع الدعم.'], ['هل أحتاج إنترنت؟', 'لا، تُحفظ القراءة على جهازك وتُرسل لاحقًا.']] },
    en: { label: 'Register a meter reading', description: 'Register your monthly meter reading with a photo, even offline; the reading is sent exactly once when you are back online.', steps: ['Enter the reading and a photo', 'Reading reviewed and accepted'], papers: [], terms: ['The current reading must be greater than the previous one', 'The reading may be checked by a site visit'], faq: [['What if the reading is below the previous one?', 'It is not accepted; check the digits or contact support.'], ['Do I need internet?', 'No. The reading is kept on your device and sent later.']] },
  }),
  service({
    slug: 'tickets', category: 'care', days: 2, type: 'ticket', path: ['new', 'in_progress', 'completed'],
    fields: { subject: text(l('الموضوع', 'Subject'), { min: 5, max: 120 }), category: { type: 'select', label: l('التصنيف', 'Category'), uniforms: { options: [{ value: 'portal', label: l('مشكلة في البوابة', 'A problem with the portal') }, { value: 'payment', label: l('مشكلة في الدفع', 'A payment problem') }, { value: 'account', label: l('الحساب وتسجيل الدخول', 'Account and sign-in') }, { value: 'other', label: l('أخرى', 'Other') }] } }, message: { type: 'textarea', label: l('الرسالة', 'Message'), min: 10, max: 2000 }, attachments: { ...F.attachments(l('مرفقات', 'Attachments')), optional: true, min: 0 } },
    ar: { label: 'تذاكر الدعم الفني', description: 'افتح تذكرة دعم فني لمشكلة في البوابة أو الدفع أو الحساب، وتابع رد فريق الدعم من 8:00 حتى 24:00.', steps: ['فتح التذكرة', 'رد الدعم الفني وإغلاق التذكرة'], papers: [], terms: ['تُغلق التذكرة تلقائيًا بعد 7 أيام من آخر رد دون تفاعل'], faq: [['متى يرد الدعم؟', 'من 8:00 حتى 24:00 يوميًا.']] },
    en: { label: 'Support tickets', description: 'Open a support ticket about the portal, a payment or your account, and follow the support team’s answer (8:00 to 24:00).', steps: ['Open the ticket', 'Support answers and closes it'], papers: [], terms: ['A ticket closes automatically 7 days after the last answer with no reply'], faq: [['When does support answer?', 'From 8:00 to 24:00 every day.']] },
  }),
  service({
    slug: 'BILL_CALCULATOR', category: 'bills', days: 0, type: 'information', path: ['new', 'completed'],
    fields: { consumption: { type: 'number', label: l('الاستهلاك الشهري', 'Monthly consumption'), postfix: l('ك.و.س', 'kWh'), min: 0, max: 100000 }, contractType: { type: 'select', label: l('نوع التعاقد', 'Contract type'), uniforms: { options: [{ value: 'residential', label: l('منزلي', 'Residential') }, { value: 'commercial', label: l('تجاري', 'Commercial') }] } } },
    ar: { label: 'حاسبة الفاتورة', description: 'احسب قيمة فاتورتك التقديرية وفق شرائح الاستهلاك المعتمدة ونوع التعاقد.', steps: ['إدخال الاستهلاك ونوع التعاقد', 'عرض القيمة التقديرية'], papers: [], terms: ['القيمة تقديرية وقد تختلف عن الفاتورة الفعلية'], faq: [['هل تشمل الحاسبة الرسوم الأخرى؟', 'تشمل رسوم الشرائح فقط دون الرسوم الإضافية.']] },
    en: { label: 'Bill calculator', description: 'Estimate your bill from your consumption, by the approved tariff brackets and contract type.', steps: ['Enter consumption and contract type', 'See the estimated amount'], papers: [], terms: ['The amount is an estimate and may differ from the actual bill'], faq: [['Does it include other charges?', 'It covers the tariff brackets only, not additional charges.']] },
    extra: { allowAnonymous: true, hideServiceTable: true },
  }),
  service({
    slug: 'METER_RELOCATION', category: 'meters', cost: 300, days: 10,
    fields: { meterNumber: F.meterNumber(), newLocation: { type: 'textarea', label: l('الموقع الجديد داخل العقار', 'New location in the property'), min: 5, max: 300 }, attachments: F.attachments() },
    ar: { label: 'نقل مكان العداد', description: 'نقل العداد إلى مكان آخر داخل العقار نفسه بعد المعاينة الفنية.', steps: ['تقديم الطلب', 'المعاينة', 'سداد التكلفة', 'تنفيذ النقل'], papers: [ar(NID_COPY), ar(OWNERSHIP)], terms: [...TERMS_AR], faq: [['هل ينقطع التيار أثناء النقل؟', 'نعم لمدة قصيرة يُبلّغ بها العميل مسبقًا.']] },
    en: { label: 'Relocate a meter', description: 'Move the meter to another place in the same property after a technical inspection.', steps: ['File the request', 'Inspection', 'Pay the cost', 'Relocation'], papers: [en(NID_COPY), en(OWNERSHIP)], terms: [...TERMS_EN], faq: [['Is power cut during the move?', 'Yes, briefly; you are told in advance.']] },
  }),
  service({
    slug: 'METER_TESTING', category: 'meters', cost: 120, days: 7,
    fields: { meterNumber: F.meterNumber(), reason: { type: 'textarea', label: l('سبب طلب الاختبار', 'Why the meter should be tested'), min: 10, max: 500 } },
    ar: { label: 'اختبار دقة العداد', description: 'فحص العداد معمليًا أو في الموقع عند الشك في دقة قياسه، ورد الرسوم إذا ثبت عطله.', steps: ['تقديم الطلب', 'سداد رسوم الاختبار', 'الاختبار وإصدار التقرير'], papers: [ar(LAST_BILL)], terms: ['تُرد رسوم الاختبار إذا ثبت أن العداد معيب'], faq: [['ماذا لو كان العداد معيبًا؟', 'يُستبدل وتُسوّى الفواتير المتأثرة وتُرد الرسوم.']] },
    en: { label: 'Test meter accuracy', description: 'Have the meter tested in the lab or on site when you doubt its accuracy; the fee is refunded if it proves faulty.', steps: ['File the request', 'Pay the test fee', 'Test and report'], papers: [en(LAST_BILL)], terms: ['The fee is refunded if the meter proves faulty'], faq: [['What if the meter is faulty?', 'It is replaced, affected bills are settled and the fee is refunded.']] },
  }),
  service({
    slug: 'NAME_CHANGE', category: 'contracts', cost: 100, days: 5,
    fields: { subscriberCode: F.subscriberCode(), newOwnerName: F.applicantName(), newOwnerNationalId: F.nationalId(), attachments: F.attachments() },
    ar: { label: 'تغيير اسم المشترك', description: 'نقل التعاقد إلى اسم المالك أو المستأجر الجديد بعد سداد المستحقات.', steps: ['تقديم الطلب', 'مراجعة المستندات', 'سداد الرسوم والتعاقد'], papers: [ar(NID_COPY), ar(OWNERSHIP), 'مخالصة بسداد المستحقات السابقة'], terms: ['لا يتم التغيير قبل سداد كل المستحقات'], faq: [['هل يلزم حضور المالك السابق؟', 'لا، يكفي مستند الملكية أو التنازل الموثق.']] },
    en: { label: 'Change the subscriber’s name', description: 'Transfer the contract to the new owner or tenant after all dues are paid.', steps: ['File the request', 'Document review', 'Pay the fee and sign'], papers: [en(NID_COPY), en(OWNERSHIP), 'A clearance of previous dues'], terms: ['No change before all dues are paid'], faq: [['Must the previous owner attend?', 'No. A title deed or notarised assignment is enough.']] },
  }),
  service({
    slug: 'CONTRACT_TYPE_CHANGE', category: 'contracts', cost: 150, days: 7,
    fields: { subscriberCode: F.subscriberCode(), newType: { type: 'select', label: l('نوع التعاقد الجديد', 'New contract type'), uniforms: { options: [{ value: 'residential', label: l('منزلي', 'Residential') }, { value: 'commercial', label: l('تجاري', 'Commercial') }, { value: 'industrial', label: l('صناعي', 'Industrial') }] } }, attachments: F.attachments() },
    ar: { label: 'تغيير نوع التعاقد', description: 'تحويل نشاط العداد من منزلي إلى تجاري أو العكس وفق الاستخدام الفعلي للوحدة.', steps: ['تقديم الطلب', 'المعاينة', 'التعاقد الجديد'], papers: [ar(NID_COPY), 'ترخيص النشاط التجاري عند التحويل إلى تجاري'], terms: ['تُطبق تعريفة النشاط الجديد من تاريخ التعاقد'], faq: [['متى تتغير التعريفة؟', 'من تاريخ التعاقد الجديد.']] },
    en: { label: 'Change the contract type', description: 'Switch the meter’s activity from residential to commercial or back, according to how the unit is used.', steps: ['File the request', 'Inspection', 'New contract'], papers: [en(NID_COPY), 'The commercial licence when switching to commercial'], terms: ['The new tariff applies from the contract date'], faq: [['When does the tariff change?', 'From the date of the new contract.']] },
  }),
  service({
    slug: 'TEMP_CONSTRUCTION', category: 'connections', cost: 1200, days: 10,
    fields: { applicantName: F.applicantName(), nationalId: F.nationalId(), address: F.address(), buildingPermit: text(l('رقم ترخيص البناء', 'Building permit number'), { max: 40 }), load: F.load() },
    ar: { label: 'تغذية مؤقتة لأعمال البناء', description: 'عداد مؤقت لتغذية موقع إنشاءات طوال مدة الترخيص.', steps: ['تقديم الطلب', 'المعاينة', 'السداد', 'التركيب'], papers: [ar(NID_COPY), 'ترخيص البناء ساري'], terms: ['تنتهي التغذية بانتهاء الترخيص'], faq: [['هل يمكن تحويله إلى عداد دائم؟', 'يُقدم طلب عداد قانوني بعد انتهاء البناء.']] },
    en: { label: 'Temporary supply for construction', description: 'A temporary meter to power a construction site for the life of the building permit.', steps: ['File the request', 'Inspection', 'Payment', 'Installation'], papers: [en(NID_COPY), 'A valid building permit'], terms: ['The supply ends when the permit ends'], faq: [['Can it become a permanent meter?', 'Apply for a legal meter once building is finished.']] },
  }),
  service({
    slug: 'METER_REMOVAL', category: 'meters', days: 5,
    fields: { meterNumber: F.meterNumber(), reason: { type: 'textarea', label: l('سبب الرفع', 'Reason for removal'), min: 10, max: 500 } },
    ar: { label: 'رفع العداد', description: 'رفع العداد من الوحدة عند الهدم أو الاستغناء عن التغذية، بعد سداد المستحقات.', steps: ['تقديم الطلب', 'سداد المستحقات', 'رفع العداد'], papers: [ar(NID_COPY), ar(LAST_BILL)], terms: ['يُشترط سداد كل المستحقات'], faq: [['هل أسترد التأمين؟', 'نعم، من خلال خدمة إنهاء التعاقد ورد التأمين.']] },
    en: { label: 'Remove a meter', description: 'Remove the meter from a unit being demolished or no longer supplied, after dues are paid.', steps: ['File the request', 'Pay the dues', 'Meter removed'], papers: [en(NID_COPY), en(LAST_BILL)], terms: ['All dues must be paid'], faq: [['Do I get the deposit back?', 'Yes, through contract termination and deposit refund.']] },
  }),
  service({
    slug: 'LOAD_INCREASE', category: 'connections', cost: 400, days: 14,
    fields: { subscriberCode: F.subscriberCode(), load: F.load(), attachments: F.attachments() },
    ar: { label: 'زيادة القدرة المتعاقد عليها', description: 'رفع القدرة الكهربائية المتعاقد عليها للعداد لتناسب أحمالًا جديدة.', steps: ['تقديم الطلب', 'دراسة الأحمال والمقايسة', 'السداد والتنفيذ'], papers: [ar(NID_COPY), ar(LAST_BILL)], terms: ['المقايسة صالحة لمدة ثلاثة أشهر'], faq: [['متى أحتاج زيادة القدرة؟', 'عند إضافة أجهزة كبيرة تتجاوز القدرة الحالية.']] },
    en: { label: 'Increase the contracted load', description: 'Raise the meter’s contracted load to fit new appliances.', steps: ['File the request', 'Load study and estimate', 'Payment and works'], papers: [en(NID_COPY), en(LAST_BILL)], terms: ['The estimate is valid for three months'], faq: [['When do I need it?', 'When new large appliances exceed the current load.']] },
  }),
  service({
    slug: 'CONTRACT_TERMINATION', category: 'contracts', days: 10,
    fields: { subscriberCode: F.subscriberCode(), bankAccount: { type: 'text', label: l('رقم الحساب البنكي (IBAN) لرد التأمين', 'Bank account (IBAN) for the refund'), regExp: '^EG[0-9]{27}$', customRegexError: l('رقم IBAN مصري يبدأ بـ EG ويتكون من 29 خانة', 'An Egyptian IBAN: EG followed by 27 digits') } },
    ar: { label: 'إنهاء التعاقد ورد التأمين', description: 'إنهاء تعاقد العداد واسترداد مبلغ التأمين بعد خصم المستحقات.', steps: ['تقديم الطلب', 'المخالصة النهائية', 'رد التأمين'], papers: [ar(NID_COPY), 'إيصال سداد التأمين الأصلي إن وجد'], terms: ['يُرد التأمين بعد خصم أي مستحقات'], faq: [['كم يستغرق رد التأمين؟', 'حتى 10 أيام عمل من المخالصة.']] },
    en: { label: 'End the contract and refund the deposit', description: 'End the meter contract and get the deposit back after dues are deducted.', steps: ['File the request', 'Final clearance', 'Deposit refunded'], papers: [en(NID_COPY), 'The original deposit receipt, if any'], terms: ['The deposit is refunded after any dues are deducted'], faq: [['How long does the refund take?', 'Up to 10 working days after clearance.']] },
  }),
  service({
    slug: 'PREPAID_METER_REPLACEMENT', category: 'meters', cost: 250, days: 7,
    fields: { meterNumber: F.meterNumber(), faultDescription: { type: 'textarea', label: l('وصف العطل', 'Describe the fault'), min: 10, max: 500 } },
    ar: { label: 'استبدال عداد مسبق الدفع معطل', description: 'استبدال العداد مسبق الدفع المعطل بعداد جديد مع نقل الرصيد.', steps: ['تقديم الطلب', 'المعاينة', 'الاستبدال'], papers: [ar(NID_COPY), 'كارت الشحن الحالي'], terms: ['لا تُحصّل رسوم إذا كان العطل مصنعيًا'], faq: [['هل أدفع إذا كان العطل مصنعيًا؟', 'لا، يُستبدل دون رسوم.']] },
    en: { label: 'Replace a faulty prepaid meter', description: 'Replace a faulty prepaid meter with a new one, carrying the credit over.', steps: ['File the request', 'Inspection', 'Replacement'], papers: [en(NID_COPY), 'The current charge card'], terms: ['No fee if the fault is a manufacturing defect'], faq: [['Do I pay for a manufacturing defect?', 'No, it is replaced free of charge.']] },
  }),
  service({
    slug: 'SOLAR_NET_METERING', category: ['connections', 'meters'], cost: 600, days: 21,
    fields: { subscriberCode: F.subscriberCode(), plantCapacity: { type: 'number', label: l('قدرة المحطة الشمسية', 'Solar plant capacity'), postfix: l('ك.و', 'kW'), min: 1, max: 500 }, installer: text(l('الشركة المنفذة المعتمدة', 'Approved installer'), { max: 120 }), attachments: F.attachments() },
    ar: { label: 'عداد صافي القياس للطاقة الشمسية', description: 'تركيب عداد صافي القياس لمحطات الطاقة الشمسية الصغيرة على الأسطح لاحتساب الطاقة المصدرة للشبكة.', steps: ['تقديم الطلب', 'المراجعة الفنية', 'السداد', 'تركيب العداد والتعاقد'], papers: [ar(NID_COPY), 'شهادة اعتماد الشركة المنفذة', 'المخطط الكهربائي للمحطة'], terms: ['يلزم تنفيذ المحطة بواسطة شركة معتمدة'], faq: [['كيف تُحسب الطاقة المصدرة؟', 'تُخصم من استهلاكك في الفاتورة الشهرية.']] },
    en: { label: 'Solar net-metering meter', description: 'A net-metering meter for small rooftop solar plants, counting the energy exported to the grid.', steps: ['File the request', 'Technical review', 'Payment', 'Meter and contract'], papers: [en(NID_COPY), 'The installer’s accreditation', 'The plant’s wiring diagram'], terms: ['The plant must be built by an approved installer'], faq: [['How is exported energy counted?', 'It is deducted from your consumption on the monthly bill.']] },
    extra: { activation: { kind: 'afterDelay', delayDays: 30 } },
  }),
  service({
    slug: 'BILL_REVIEW', category: 'bills', days: 7,
    fields: { subscriberCode: F.subscriberCode(), billMonth: { type: 'date', label: l('شهر الفاتورة', 'Bill month') }, reason: { type: 'textarea', label: l('سبب الاعتراض', 'Reason for the objection'), min: 10, max: 1000 } },
    ar: { label: 'مراجعة فاتورة والاعتراض عليها', description: 'اعترض على فاتورة ترى أنها غير صحيحة، وستُراجع القراءات وتُعدّل الفاتورة إن لزم.', steps: ['تقديم الاعتراض', 'مراجعة القراءة', 'الرد وتعديل الفاتورة إن لزم'], papers: [ar(LAST_BILL)], terms: ['يُقدم الاعتراض خلال 30 يومًا من إصدار الفاتورة'], faq: [['هل أسدد أثناء المراجعة؟', 'يُنصح بسداد متوسط الاستهلاك لتجنب غرامات التأخير.']] },
    en: { label: 'Review of a bill', description: 'Object to a bill you believe is wrong; the readings are checked and the bill corrected if needed.', steps: ['File the objection', 'Reading review', 'Answer and correction if needed'], papers: [en(LAST_BILL)], terms: ['Objections are accepted within 30 days of the bill'], faq: [['Should I pay during the review?', 'Paying your average consumption avoids late fees.']] },
  }),
  service({
    slug: 'ARREARS_INSTALLMENT', category: 'bills', days: 5,
    fields: { subscriberCode: F.subscriberCode(), months: { type: 'number', label: l('عدد الأقساط', 'Number of instalments'), min: 2, max: 24 } },
    ar: { label: 'تقسيط المتأخرات', description: 'تقسيط المبالغ المتأخرة على أقساط شهرية تُضاف إلى الفاتورة. يُقبل الطلب من اليوم الأول حتى العاشر من كل شهر.', steps: ['تقديم الطلب', 'اعتماد خطة التقسيط'], papers: [ar(NID_COPY)], terms: ['يلغى التقسيط عند التأخر في سداد قسطين'], faq: [['متى أقدم الطلب؟', 'من اليوم الأول حتى العاشر من كل شهر.']] },
    en: { label: 'Instalments for arrears', description: 'Spread arrears over monthly instalments added to the bill. Requests are accepted from the 1st to the 10th of each month.', steps: ['File the request', 'Plan approved'], papers: [en(NID_COPY)], terms: ['The plan is cancelled after two missed instalments'], faq: [['When can I apply?', 'From the 1st to the 10th of each month.']] },
    extra: { activation: { kind: 'monthly', minDay: 1, maxDay: 10, month: 'this' } },
  }),
  service({
    slug: 'STREET_LIGHTING', category: 'faults', days: 3, type: 'ticket', path: ['new', 'in_progress', 'completed'],
    fields: { location: { type: 'location', label: l('موقع العمود', 'Pole location') }, description: { type: 'textarea', label: l('وصف المشكلة', 'Describe the problem'), min: 10, max: 500 } },
    ar: { label: 'شكوى إنارة الشوارع', description: 'أبلغ عن عمود إنارة معطل أو إنارة مضاءة نهارًا في شارعك.', steps: ['تسجيل الشكوى', 'الإصلاح والإغلاق'], papers: [], terms: ['حدد الموقع بدقة لتسريع الإصلاح'], faq: [['من المسؤول عن إنارة الشوارع؟', 'شركة التوزيع بالتنسيق مع الحي أو المدينة.']] },
    en: { label: 'Street lighting complaint', description: 'Report a broken street light, or lights left on in daytime, in your street.', steps: ['File the complaint', 'Repair and closure'], papers: [], terms: ['Give the exact location to speed up the repair'], faq: [['Who is responsible for street lights?', 'The distribution company, with the district or city.']] },
    extra: { disabledOn: ['web'] },
  }),
  service({
    slug: 'OUTAGE_SCHEDULE', category: 'care', days: 0, type: 'information', path: ['new', 'completed'],
    fields: { governorate: F.governorate(), area: text(l('المنطقة', 'Area'), { max: 80 }) },
    ar: { label: 'الاستعلام عن مواعيد الفصل المجدولة', description: 'اعرف مواعيد أعمال الصيانة المجدولة وفصل التيار في منطقتك مسبقًا.', steps: ['اختيار المنطقة', 'عرض المواعيد'], papers: [], terms: ['قد تتغير المواعيد لظروف التشغيل'], faq: [['هل أتلقى تنبيهًا؟', 'نعم برسالة نصية إذا كان عدادك مضافًا إلى حسابك.']] },
    en: { label: 'Scheduled outage times', description: 'See planned maintenance and outage times in your area in advance.', steps: ['Choose the area', 'See the times'], papers: [], terms: ['Times may change for operational reasons'], faq: [['Will I be notified?', 'Yes, by SMS if your meter is added to your account.']] },
    extra: { fromDate: '2026-01-01', toDate: '2027-12-31', activation: { kind: 'until', date: '2027-12-31' } },
  }),
  service({
    slug: 'FIELD_INSPECTION', category: 'care', days: 2, path: ['new', 'in_progress', 'completed'],
    fields: { meterNumber: F.meterNumber(), notes: F.notes() },
    ar: { label: 'محضر معاينة ميدانية', description: 'تسجيل محاضر المعاينة الميدانية بواسطة المفتشين من التطبيق المحمول.', steps: ['تسجيل المحضر', 'اعتماد المحضر'], papers: [], terms: ['خدمة داخلية للموظفين'], faq: [['من يستخدم هذه الخدمة؟', 'مفتشو شركات التوزيع.']] },
    en: { label: 'Field inspection report', description: 'Inspectors record field inspection reports from the mobile app.', steps: ['Record the report', 'Report approved'], papers: [], terms: ['An internal service for employees'], faq: [['Who uses this service?', 'The distribution companies’ inspectors.']] },
    extra: { hiddenOn: ['web'] },
  }),
  service({
    slug: 'OLD_METER_SURVEY', category: 'meters', days: 5,
    fields: { meterNumber: F.meterNumber() },
    ar: { label: 'حصر العدادات القديمة', description: 'حملة حصر العدادات الميكانيكية القديمة لاستبدالها، وقد انتهت الحملة.', steps: ['تسجيل العداد', 'جدولة الاستبدال'], papers: [ar(LAST_BILL)], terms: ['انتهت فترة الحملة'], faq: [['هل ما زالت الحملة متاحة؟', 'لا، انتهت الحملة وستُعلن الحملات القادمة في الأخبار.']] },
    en: { label: 'Old meter survey', description: 'A campaign to register old mechanical meters for replacement; the campaign has ended.', steps: ['Register the meter', 'Replacement scheduled'], papers: [en(LAST_BILL)], terms: ['The campaign period has ended'], faq: [['Is the campaign still open?', 'No; future campaigns are announced in the news.']] },
    extra: { deactivated: true },
  }),
];
