import type { TActivity, TFieldSchema, TFieldsSchema, TWorkflow } from '../../../contract/catalog.ts';
import type { SeedService } from '../types.ts';
import { governorates } from './reference.ts';
import { INSTALLER_ROLE, SYSTEM_ROLE } from '../../../contract/workflow.ts';
import { CLAIM_HOOK } from '../../domain/payments/claim.ts';

/*
 * Builders shared by the service seed files (services-*.ts). They keep the repeated structure (common fields,
 * the pay and rate activities, workflows, stages) in one place; every service's texts stay in its own file.
 */

export type Localized = { ar: string; en: string };
export const l = (ar: string, en: string): Localized => ({ ar, en });

/* ------------------------------------------------ categories ----------------------------------------------- */

export const CAT = {
  meters: 'cat-meters',
  bills: 'cat-bills',
  connection: 'cat-connection',
  contracts: 'cat-contracts',
  documents: 'cat-documents',
  faults: 'cat-faults',
  renewable: 'cat-renewable',
  care: 'cat-care',
} as const;

/* ------------------------------------------------ fields --------------------------------------------------- */

type Field = TFieldSchema;
type FieldOverrides = Partial<Field>;

/** Option list for select and radio fields: [value, Arabic label, English label]. */
export const options = (list: [string, string, string][]) => list.map(([value, ar, en]) => ({ value, label: l(ar, en) }));

/** Shows a field only when another field equals a value (e.g. "other details" when the type is "other"). */
export const showWhen = (field: string, value: unknown): NonNullable<Field['conditionalField']> => ({
  behavior: 'show',
  operator: 'and',
  conditions: [{ field, relation: 'eq', fieldName: value }],
});

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
export const IMAGE_TYPES = ['image/jpeg', 'image/png'];

export const textField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({ type: 'text', label: l(ar, en), ...o });
export const textareaField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({
  type: 'textarea',
  label: l(ar, en),
  ...o,
});
export const numberField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({
  type: 'number',
  label: l(ar, en),
  ...o,
});
export const dateField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({ type: 'date', label: l(ar, en), ...o });
export const selectField = (ar: string, en: string, list: [string, string, string][], o: FieldOverrides = {}): Field => ({
  type: 'select',
  label: l(ar, en),
  uniforms: { options: options(list) },
  ...o,
});
export const radioField = (ar: string, en: string, list: [string, string, string][], o: FieldOverrides = {}): Field => ({
  type: 'radio',
  label: l(ar, en),
  uniforms: { options: options(list) },
  ...o,
});
export const checkboxField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({
  type: 'checkbox',
  label: l(ar, en),
  ...o,
});

export const applicantNameField = (o: FieldOverrides = {}): Field =>
  textField('اسم مقدم الطلب رباعيًا', 'Applicant full name (four names)', {
    min: 10,
    max: 100,
    placeholder: l('كما هو مدوَّن في بطاقة الرقم القومي', 'As written on the national ID card'),
    showColumn: true,
    searchField: true,
    dataIndex: 'applicantName',
    profile: { from: 'fullName' },
    ...o,
  });

export const nationalIdField = (o: FieldOverrides = {}): Field => ({
  type: 'nationalId',
  label: l('الرقم القومي', 'National ID number'),
  placeholder: l('١٤ رقمًا', '14 digits'),
  regExp: '^[23][0-9]{13}$',
  customRegexError: l(
    'الرقم القومي يتكون من ١٤ رقمًا ويبدأ بالرقم ٢ أو ٣.',
    'The national ID number is 14 digits and starts with 2 or 3.',
  ),
  searchField: true,
  dataIndex: 'nationalId',
  // Filled from the profile; a service whose applicant must be the account holder locks it (editable: false).
  profile: { from: 'nationalId' },
  ...o,
});

export const mobileField = (o: FieldOverrides = {}): Field => ({
  type: 'phone',
  label: l('رقم الهاتف المحمول', 'Mobile number'),
  placeholder: l('01xxxxxxxxx', '01xxxxxxxxx'),
  regExp: '^01[0125][0-9]{8}$',
  customRegexError: l(
    'رقم الهاتف المحمول يتكون من ١١ رقمًا ويبدأ بـ 010 أو 011 أو 012 أو 015.',
    'The mobile number is 11 digits starting with 010, 011, 012 or 015.',
  ),
  tooltip: l('سنرسل إليك رسائل متابعة الطلب على هذا الرقم.', 'We send request updates to this number.'),
  profile: { from: 'mobile' },
  ...o,
});

export const emailField = (o: FieldOverrides = {}): Field => ({
  type: 'email',
  label: l('البريد الإلكتروني', 'E-mail address'),
  optional: true,
  profile: { from: 'email' },
  ...o,
});

/** The governorate of the place the request is about: it opens with the profile's, and can be changed (decision 077). */
export const governorateField = (o: FieldOverrides = {}): Field => ({
  type: 'select',
  label: l('المحافظة', 'Governorate'),
  uniforms: { options: governorates.map((g) => ({ value: g.id, label: g.name })) },
  showColumn: true,
  profile: { from: 'governorate' },
  ...o,
});

/** Service centers of the chosen governorate, loaded from the reference data once a governorate is chosen. */
export const serviceCenterField = (o: FieldOverrides = {}): Field => ({
  type: 'select',
  label: l('مركز خدمة العملاء', 'Customer service center'),
  lazyLoad: { apiDependencies: ['governorate'] },
  tooltip: l('تظهر المراكز التابعة للمحافظة المختارة.', 'The centers of the chosen governorate are listed.'),
  ...o,
});

export const addressField = (o: FieldOverrides = {}): Field =>
  textareaField('العنوان تفصيليًا', 'Detailed address', {
    min: 10,
    max: 300,
    placeholder: l('رقم العقار، الشارع، الحي أو القرية، المدينة أو المركز', 'Building number, street, district or village, city'),
    profile: { from: 'address' },
    ...o,
  });

export const locationField = (o: FieldOverrides = {}): Field => ({
  type: 'location',
  label: l('الموقع على الخريطة', 'Location on the map'),
  optional: true,
  tooltip: l('حدِّد الموقع بدقة لتسهيل وصول الفريق الفني.', 'Pin the exact spot to help the technical team find it.'),
  ...o,
});

export const meterNumberField = (o: FieldOverrides = {}): Field => ({
  type: 'meter',
  label: l('رقم العداد', 'Meter number'),
  regExp: '^[0-9]{6,16}$',
  customRegexError: l('رقم العداد من ٦ إلى ١٦ رقمًا.', 'The meter number is 6 to 16 digits.'),
  tooltip: l('الرقم المطبوع على واجهة العداد أو على كارت الشحن.', 'The number printed on the meter face or on the charge card.'),
  showColumn: true,
  searchField: true,
  dataIndex: 'meterNumber',
  ...o,
});

export const subscriberCodeField = (o: FieldOverrides = {}): Field => ({
  type: 'text',
  label: l('الكود الموحد للمشترك', 'Subscriber combined code'),
  regExp: '^[0-9]{8,20}$',
  customRegexError: l(
    'الكود الموحد من ٨ إلى ٢٠ رقمًا، ويوجد أعلى فاتورة الكهرباء.',
    'The combined code is 8 to 20 digits and is printed at the top of the bill.',
  ),
  tooltip: l('يوجد أعلى يمين فاتورة الكهرباء.', 'You will find it at the top of your electricity bill.'),
  showColumn: true,
  searchField: true,
  dataIndex: 'subscriberCode',
  ...o,
});

export const attachmentsField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({
  type: 'file',
  label: l(ar, en),
  accept: [...DOCUMENT_TYPES],
  multiple: true,
  tooltip: l('ملفات PDF أو صور JPG أو PNG.', 'PDF files, or JPG or PNG pictures.'),
  ...o,
});

export const imageField = (ar: string, en: string, o: FieldOverrides = {}): Field => ({
  type: 'image',
  label: l(ar, en),
  accept: [...IMAGE_TYPES],
  ...o,
});

export const PROPERTY_TYPES: [string, string, string][] = [
  ['apartment', 'شقة سكنية', 'Residential apartment'],
  ['house', 'منزل مستقل', 'Detached house'],
  ['shop', 'محل تجاري', 'Shop'],
  ['office', 'وحدة إدارية', 'Office unit'],
  ['workshop', 'ورشة', 'Workshop'],
  ['other', 'أخرى', 'Other'],
];

/** The property type select and the "other" details it reveals. */
export const propertyTypeFields = (): TFieldsSchema => ({
  propertyType: selectField('نوع العقار', 'Property type', PROPERTY_TYPES),
  otherDetails: textField('نوع العقار (أخرى)', 'Property type (other)', {
    min: 3,
    max: 100,
    conditionalField: showWhen('propertyType', 'other'),
  }),
});

export const CONNECTION_TYPES: [string, string, string][] = [
  ['single', 'أحادي الوجه (٢٢٠ فولت)', 'Single-phase (220 V)'],
  ['three', 'ثلاثي الأوجه (٣٨٠ فولت)', 'Three-phase (380 V)'],
];

export const kw = l('كيلووات', 'kW');
export const kwh = l('ك.و.س', 'kWh');
export const egp = l('جنيه', 'EGP');

/* ------------------------------------------------ activities ----------------------------------------------- */

export type Step = TActivity['steps'][number];
export const step = (stepId: string, ar: string, en: string, fieldsSchema: TFieldsSchema): Step => ({
  stepId,
  label: l(ar, en),
  fieldsSchema,
});

export const applyActivity = (steps: Step[], actor: TActivity['actor'] = 'citizen'): TActivity => ({
  activityId: 'apply',
  label: l('تقديم الطلب', 'Submit the request'),
  actor,
  steps,
});

export const payActivity = (): TActivity => ({
  activityId: 'pay',
  label: l('سداد الرسوم', 'Pay the fees'),
  actor: 'citizen',
  steps: [
    step('confirm', 'تأكيد السداد', 'Confirm the payment', {
      acceptFees: checkboxField(
        'أقر بصحة البيانات وأوافق على سداد الرسوم المستحقة',
        'I confirm the data is correct and agree to pay the fees due',
      ),
    }),
  ],
});

export const ratingActivity = (): TActivity => ({
  activityId: 'rate',
  label: l('تقييم الخدمة', 'Rate the service'),
  actor: 'citizen',
  steps: [
    step('feedback', 'رأيك في الخدمة', 'Your feedback', {
      rating: {
        type: 'rating',
        label: l('كيف كانت تجربتك مع الخدمة؟', 'How was your experience with the service?'),
        min: 1,
        max: 3,
        lowestRatingText: l('لم أتمكن من إتمام الخدمة', 'I could not complete the service'),
        highestRatingText: l('أتممت الخدمة بسهولة', 'I completed the service easily'),
        uniforms: {
          options: options([
            ['3', 'أتممت الخدمة بسهولة', 'I completed the service easily'],
            ['2', 'أتممت الخدمة مع بعض الصعوبة', 'I completed the service with some difficulty'],
            ['1', 'لم أتمكن من إتمام الخدمة', 'I could not complete the service'],
          ]),
        },
      },
      comment: textareaField('تعليقك', 'Your comment', { optional: true, max: 500 }),
    }),
  ],
});

/* ------------------------------------------------ workflow ------------------------------------------------- */

export const STATUS_LABELS = {
  new: l('جديد', 'New'),
  in_review: l('قيد المراجعة', 'In review'),
  needs_info: l('مطلوب استيفاء بيانات', 'Needs extra information'),
  in_progress: l('قيد التنفيذ', 'In progress'),
  awaiting_payment: l('في انتظار السداد', 'Awaiting payment'),
  approved: l('تمت الموافقة', 'Approved'),
  installed: l('تم تركيب العداد', 'Meter installed'),
  connected: l('تم توصيل التيار', 'Power connected'),
  completed: l('مكتمل', 'Completed'),
  delivered: l('تم التسليم', 'Delivered'),
  resolved: l('تمت المعالجة', 'Resolved'),
  closed: l('مغلقة', 'Closed'),
  rejected: l('مرفوض', 'Rejected'),
  cancelled: l('ملغى', 'Cancelled'),
} as const;
export type StatusId = keyof typeof STATUS_LABELS;

/** Statuses after which the citizen can no longer cancel: the work has started. */
const WORK_STARTED: StatusId[] = [
  'in_progress',
  'approved',
  'installed',
  'connected',
  'completed',
  'delivered',
  'resolved',
  'closed',
];

export type WorkflowOptions = {
  /** Status where staff may ask for more information or reject; null for none. Defaults to in_review, else the first. */
  review?: StatusId | null;
  /** Whether the citizen may cancel before the work starts (default true). */
  cancellable?: boolean;
  /** Roles of the staff who move the request on: the service family's (contract/roles.ts; decision 036). */
  staffRoles: string[];
  /** Whether the final success status offers the rate activity (default true). */
  rate?: boolean;
  /** Label overrides (e.g. "approved" for a meter means "wait for a call to set the installation date"). */
  labels?: Partial<Record<StatusId, Localized>>;
};

/**
 * A workflow along a main path of statuses, with the usual side branches: needs_info and rejected from the
 * review status, and cancellation by the citizen until the work starts. Transition roles: the given staff roles
 * (the service family's; no role admits every staff member), 'installer' for the installation company, 'citizen'
 * for the applicant, and 'system' for moves the payment gateway triggers.
 */
export function workflow(path: StatusId[], opts: WorkflowOptions): TWorkflow {
  const staff = opts.staffRoles;
  const review = opts.review === undefined ? (path.includes('in_review') ? 'in_review' : path[0]!) : opts.review;
  const cancellable = opts.cancellable ?? true;
  const last = path[path.length - 1]!;
  const label = (id: StatusId) => opts.labels?.[id] ?? STATUS_LABELS[id];

  const ids: StatusId[] = [...path];
  if (review) ids.push('needs_info', 'rejected');
  if (cancellable) ids.push('cancelled');

  const statuses = ids.map((id) => ({
    id,
    label: label(id),
    ...(id === last || id === 'rejected' || id === 'cancelled' ? { final: true } : {}),
    ...(id === 'awaiting_payment' ? { activityId: 'pay' } : {}),
    // Extra information: the citizen completes the request's own form again (edit entry), back to review.
    ...(id === 'needs_info' ? { activityId: 'apply' } : {}),
    ...(id === last && (opts.rate ?? true) ? { activityId: 'rate' } : {}),
  }));

  const transitions: TWorkflow['transitions'] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const from = path[i]!;
    const to = path[i + 1]!;
    // The gateway's confirmation moves a paid request on; a fee due right after submission is asked for at once.
    const automatic = from === 'awaiting_payment' || (i === 0 && to === 'awaiting_payment');
    const installer = to === 'installed' || to === 'connected';
    const roles = automatic ? [SYSTEM_ROLE] : installer ? [...staff, INSTALLER_ROLE] : [...staff];
    transitions.push({ from, to, roles });
  }
  if (review) {
    transitions.push({ from: review, to: 'needs_info', roles: [...staff] });
    transitions.push({ from: 'needs_info', to: review, roles: ['citizen'] });
    transitions.push({ from: review, to: 'rejected', roles: [...staff] });
    if (review !== path[0]) transitions.push({ from: path[0]!, to: 'rejected', roles: [...staff] });
  }
  if (cancellable) {
    const firstStarted = path.findIndex((s) => WORK_STARTED.includes(s));
    const before = firstStarted === -1 ? path.slice(0, -1) : path.slice(0, firstStarted);
    for (const from of [...before, ...(review ? (['needs_info'] as StatusId[]) : [])]) {
      transitions.push({ from, to: 'cancelled', roles: ['citizen', ...staff] });
    }
  }
  return { initialStatus: path[0]!, statuses, transitions };
}

/** The workflow of one family of services: its staff moves are the family's role's (a service may override). */
export const familyWorkflow =
  (role: string) =>
  (path: StatusId[], opts: Partial<WorkflowOptions> = {}): TWorkflow =>
    workflow(path, { staffRoles: [role], ...opts });

/* ------------------------------------------------ stages --------------------------------------------------- */

const STAGE_LABELS = {
  submission: l('تقديم الطلب', 'Submission'),
  review: l('المراجعة', 'Review'),
  inspection: l('المعاينة', 'Inspection'),
  payment: l('السداد', 'Payment'),
  execution: l('التنفيذ', 'Execution'),
  installation: l('التركيب', 'Installation'),
  connection: l('توصيل التيار', 'Power connection'),
  issuance: l('إصدار المستند', 'Issuance'),
  resolution: l('المعالجة', 'Resolution'),
  result: l('النتيجة', 'Result'),
} as const;

export type Stage = SeedService['stages'][number];
export const stage = (stageId: keyof typeof STAGE_LABELS, statuses: StatusId[], days: number): Stage => ({
  stageId,
  label: STAGE_LABELS[stageId],
  statuses,
  days,
});

/* ------------------------------------------------ service -------------------------------------------------- */

export type ServiceTexts = SeedService['translations']['ar'];

export type ServiceDef = {
  slug: string;
  type: SeedService['serviceType'];
  categories: string[];
  release: string;
  /** 'free', a fee in EGP, or 'variable' (paid, the amount known only per request, e.g. bills). */
  cost: 'free' | number | 'variable';
  payMethods?: ('online' | 'office')[];
  days: number;
  video?: string;
  ar: ServiceTexts;
  en: ServiceTexts;
  apply: Step[];
  applyActor?: TActivity['actor'];
  workflow: TWorkflow;
  stages: Stage[];
  dictionary?: [string, string, string][];
  tour?: SeedService['tour'];
  rate?: boolean;
  extraActivities?: TActivity[];
} & Partial<
  Pick<
    SeedService,
    | 'logo'
    | 'fromDate'
    | 'toDate'
    | 'activation'
    | 'deactivated'
    | 'paymentInAdvance'
    | 'hideServiceTable'
    | 'hiddenOn'
    | 'disabledOn'
    | 'allowAnonymous'
  >
>;

export type ServiceSeedWithoutOrder = Omit<SeedService, 'order'>;

const DEFAULT_DICTIONARY: [string, string, string][] = [
  ['REQUEST_NUMBER', 'رقم الطلب', 'Request number'],
  ['HOTLINE', 'الخط الساخن ١٢١', 'Hotline 121'],
];

/** Builds a service with the defaults of most services; numberOfSteps is the number of procedure steps. */
export function defineService(d: ServiceDef): ServiceSeedWithoutOrder {
  if (d.ar.steps.length !== d.en.steps.length) throw new Error(`${d.slug}: Arabic and English steps differ in number`);
  const paid = d.cost !== 'free';
  const rate = d.rate ?? true;
  const activities = [
    applyActivity(d.apply, d.applyActor),
    ...(paid ? [payActivity()] : []),
    ...(rate ? [ratingActivity()] : []),
    ...(d.extraActivities ?? []),
  ];
  if (paid && !d.workflow.statuses.some((s) => s.id === 'awaiting_payment' && s.activityId === 'pay')) {
    throw new Error(`${d.slug}: a paid service needs an awaiting_payment status with the pay activity`);
  }
  return {
    id: `svc-${d.slug.toLowerCase().replaceAll('_', '-')}`,
    serviceSlug: d.slug,
    logo: d.logo === undefined ? `/images/services/${d.slug.toLowerCase().replaceAll('_', '-')}.svg` : d.logo,
    serviceDictionary: (d.dictionary ?? DEFAULT_DICTIONARY).map(([code, ar, en]) => ({ code, label: l(ar, en) })),
    translations: { ar: d.ar, en: d.en },
    activities,
    workflow: d.workflow,
    serviceType: d.type,
    // Spec section 9: where the terms say an estimate (claim) is valid three months, the server enforces it
    // (server/domain/payments/claim.ts): the hook follows the term, so the two cannot disagree.
    hooks: d.en.terms.includes(TERMS.claim.en) ? [CLAIM_HOOK] : [],
    tour: d.tour ?? [],
    stages: d.stages,
    personalization: {},
    categoryIds: d.categories,
    release: d.release,
    version: 1,
    fromDate: d.fromDate ?? null,
    toDate: d.toDate ?? null,
    activation: d.activation ?? { kind: 'permanent' },
    deactivated: d.deactivated ?? false,
    paymentInAdvance: d.paymentInAdvance ?? false,
    hideServiceTable: d.hideServiceTable ?? false,
    hiddenOn: d.hiddenOn ?? [],
    disabledOn: d.disabledOn ?? [],
    allowAnonymous: d.allowAnonymous ?? false,
    businessAttributes: {
      cost: d.cost === 'free' ? { kind: 'free' } : d.cost === 'variable' ? { kind: 'paid' } : { kind: 'paid', amount: d.cost },
      payMethods: d.payMethods ?? (paid ? ['online', 'office'] : []),
      numberOfSteps: d.ar.steps.length,
      numberOfDays: d.days,
      ...(d.video ? { video: d.video } : {}),
    },
  };
}

/* ------------------------------------------------ shared texts --------------------------------------------- */

/** Required papers that many services ask for, in both languages. */
export const PAPERS = {
  nid: l('صورة بطاقة الرقم القومي سارية لمقدم الطلب', 'A copy of the applicant’s valid national ID card'),
  lastBill: l('صورة آخر فاتورة كهرباء أو آخر إيصال شحن', 'A copy of the last electricity bill or the last top-up receipt'),
  contract: l('صورة عقد توريد التيار الكهربائي', 'A copy of the electricity supply contract'),
  tenure: l('سند الحيازة: عقد ملكية أو عقد إيجار موثَّق', 'Proof of tenure: an ownership deed or a registered lease'),
  poa: l('توكيل رسمي عند التقديم نيابةً عن صاحب الشأن', 'An official power of attorney when applying on someone else’s behalf'),
  permit: l(
    'صورة ترخيص البناء أو قرار التصالح في مخالفات البناء',
    'A copy of the building permit or of the building-violation reconciliation decision',
  ),
  commercial: l('صورة السجل التجاري والبطاقة الضريبية', 'Copies of the commercial register and the tax card'),
} as const;

export const papers = (lang: 'ar' | 'en', ...keys: (keyof typeof PAPERS)[]) => keys.map((k) => PAPERS[k][lang]);

/** Terms that apply to every request. */
export const TERMS = {
  truth: l(
    'يتحمل مقدم الطلب المسؤولية القانونية عن صحة البيانات والمستندات المقدَّمة.',
    'The applicant is legally responsible for the accuracy of the data and documents submitted.',
  ),
  originals: l(
    'يلتزم مقدم الطلب بتقديم أصول المستندات عند طلبها من مركز الخدمة أو الفريق الفني.',
    'The applicant must show the original documents when the service center or the technical team asks for them.',
  ),
  claim: l(
    'المقايسة أو المعاينة سارية لمدة ثلاثة أشهر من تاريخها، ويلزم إعادتها بعد انقضاء هذه المدة.',
    'An inspection or estimate (claim) is valid for three months from its date and must be redone after that.',
  ),
  arrears: l(
    'يُشترط سداد جميع المديونيات المستحقة على العداد قبل تنفيذ الطلب.',
    'All arrears on the meter must be paid before the request is carried out.',
  ),
} as const;

export const terms = (lang: 'ar' | 'en', ...keys: (keyof typeof TERMS)[]) => keys.map((k) => TERMS[k][lang]);

export const TOUR_BASIC: SeedService['tour'] = [
  {
    selector: '[data-tour="service-steps"]',
    text: l('هنا تجد خطوات الحصول على الخدمة بالترتيب.', 'Here are the steps to get the service, in order.'),
  },
  {
    selector: '[data-tour="service-cost"]',
    text: l('تكلفة الخدمة وطرق السداد المتاحة.', 'The cost of the service and the accepted payment methods.'),
  },
  { selector: '[data-tour="new-request"]', text: l('اضغط هنا لتقديم طلب جديد.', 'Press here to file a new request.') },
];
