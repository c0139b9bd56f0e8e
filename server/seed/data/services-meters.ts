import {
  CAT,
  CONNECTION_TYPES,
  TOUR_BASIC,
  addressField,
  applicantNameField,
  attachmentsField,
  dateField,
  defineService,
  emailField,
  governorateField,
  imageField,
  kw,
  kwh,
  l,
  locationField,
  meterNumberField,
  mobileField,
  nationalIdField,
  numberField,
  papers,
  propertyTypeFields,
  radioField,
  selectField,
  serviceCenterField,
  showWhen,
  stage,
  step,
  subscriberCodeField,
  terms,
  textField,
  textareaField,
  familyWorkflow,
  type ServiceSeedWithoutOrder,
} from './services-common.ts';
import { ROLE } from '../../../contract/roles.ts';

/* Meter services: code meter, first legal meter, adding a meter, readings, relocation, testing, replacement, removal, cards. */

/** Staff who handle this family's requests move them (decision 036). */
const flow = familyWorkflow(ROLE.meterRequests);

const CODEMETER = defineService({
  slug: 'CODEMETER',
  type: 'request',
  categories: [CAT.meters, CAT.connection],
  release: '2024-03-01',
  cost: 300,
  days: 15,
  paymentInAdvance: true,
  tour: TOUR_BASIC,
  ar: {
    serviceLabel: 'تركيب عداد كودي',
    description:
      'تتيح هذه الخدمة تركيب عداد كودي مسبق الدفع بصفة مؤقتة للوحدات التي تستهلك الكهرباء دون عداد قانوني، تمهيدًا لتقنين أوضاعها. يُستبدل العداد الكودي لاحقًا بعداد قانوني، أو يُرفع عند زوال سببه.',
    steps: [
      'املأ نموذج الطلب ببيانات مقدم الطلب والعقار، وأرفق المستندات المطلوبة.',
      'سدِّد رسوم المعاينة إلكترونيًا أو في مركز خدمة العملاء.',
      'يعاين الفريق الفني العقار خلال ٧ أيام عمل من سداد رسوم المعاينة إذا كان التيار متوفرًا بالمنطقة.',
      'انتظر اتصالًا من شركة التوزيع لتحديد موعد التركيب بعد الموافقة على الطلب.',
      'يُركَّب العداد خلال ٨ أيام عمل أخرى، وتتسلم كارت الشحن.',
    ],
    requiredPapers: [
      ...papers('ar', 'nid'),
      'مستند يثبت الحيازة الفعلية للوحدة: عقد ابتدائي أو عقد إيجار أو إقرار حيازة',
      'صورة إيصال كهرباء لأقرب عداد مجاور',
    ],
    terms: [
      'العداد الكودي مؤقت، ولا يُعد سندًا لإثبات ملكية العقار أو الاعتراف بقانونية المبنى.',
      'يُحاسَب الاستهلاك على العداد الكودي بسعر موحد للكيلووات ساعة وفق القرارات السارية، دون نظام الشرائح.',
      ...terms('ar', 'claim', 'truth'),
    ],
    faq: [
      {
        question: 'ما الفرق بين العداد الكودي والعداد القانوني؟',
        answer:
          'العداد الكودي عداد مسبق الدفع يُركَّب مؤقتًا لتقنين استهلاك الكهرباء في الوحدات غير المستوفية لشروط التعاقد الدائم، أما العداد القانوني فيُركَّب بعقد توريد دائم باسم صاحب الوحدة بعد استيفاء المستندات والتراخيص.',
      },
      {
        question: 'كم يستغرق تركيب العداد الكودي؟',
        answer: 'تتم المعاينة خلال ٧ أيام عمل من سداد رسوم المعاينة إذا كان التيار متوفرًا، ثم يُركَّب العداد خلال ٨ أيام عمل أخرى.',
      },
      {
        question: 'هل يمكن تحويل العداد الكودي إلى عداد قانوني؟',
        answer:
          'نعم، بعد استيفاء مستندات الملكية وترخيص البناء أو قرار التصالح، قدِّم طلب «تركيب عداد قانوني لأول مرة»، ويُرفع العداد الكودي عند تركيب العداد القانوني.',
      },
    ],
    costNote:
      'رسوم المعاينة ٣٠٠ جنيه تُسدَّد مقدمًا. تُحدَّد قيمة العداد والمهمات في المقايسة بعد المعاينة، ويجوز تقسيطها على عمليات الشحن.',
  },
  en: {
    serviceLabel: 'Code meter installation',
    description:
      'Install a temporary prepaid code meter in a unit that draws power without a legal meter, as a first step to regularising it. The code meter is later replaced by a legal meter, or removed once its reason is gone.',
    steps: [
      'Fill in the request form with the applicant’s and the property’s details, and attach the required documents.',
      'Pay the inspection fee online or at a customer service center.',
      'The technical team inspects the property within 7 working days of the fee payment, if power is available in the area.',
      'Once the request is approved, wait for a call from the distribution company to set the installation date.',
      'The meter is installed within 8 more working days and you receive the charge card.',
    ],
    requiredPapers: [
      ...papers('en', 'nid'),
      'A document proving actual possession of the unit: a preliminary sale contract, a lease or a possession declaration',
      'A copy of an electricity receipt of the nearest neighbouring meter',
    ],
    terms: [
      'A code meter is temporary; it is not proof of ownership of the property nor a recognition of the building’s legal status.',
      'Consumption on a code meter is charged at a single price per kWh under the decisions in force, without the tier system.',
      ...terms('en', 'claim', 'truth'),
    ],
    faq: [
      {
        question: 'What is the difference between a code meter and a legal meter?',
        answer:
          'A code meter is a prepaid meter installed temporarily to regularise consumption in units that do not yet meet the conditions of a permanent contract. A legal meter comes with a permanent supply contract in the owner’s name, once the documents and permits are complete.',
      },
      {
        question: 'How long does a code meter installation take?',
        answer:
          'The inspection takes place within 7 working days of paying the inspection fee, if power is available; the meter is then installed within 8 more working days.',
      },
      {
        question: 'Can a code meter be turned into a legal meter?',
        answer:
          'Yes. Once you have the ownership documents and the building permit or reconciliation decision, apply for “First-time legal meter installation”; the code meter is removed when the legal meter is installed.',
      },
    ],
    costNote:
      'The inspection fee of EGP 300 is paid in advance. The price of the meter and materials is set in the estimate after the inspection and may be paid in instalments with your top-ups.',
  },
  apply: [
    step('applicant', 'بيانات مقدم الطلب', 'Applicant details', {
      applicantName: applicantNameField(),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      email: emailField(),
    }),
    step('property', 'بيانات العقار', 'Property details', {
      governorate: governorateField(),
      district: textField('المدينة أو المركز / الحي', 'City / district', { min: 2, max: 80 }),
      address: addressField(),
      ...propertyTypeFields(),
      floor: numberField('رقم الدور', 'Floor number', { min: -2, max: 80, optional: true }),
      powerAvailable: radioField('هل تتوفر شبكة كهرباء بالمنطقة؟', 'Is there an electricity network in the area?', [
        ['yes', 'نعم', 'Yes'],
        ['no', 'لا', 'No'],
      ]),
      nearestMeterNumber: meterNumberField({
        label: l('رقم أقرب عداد مجاور', 'Number of the nearest neighbouring meter'),
        showColumn: false,
        searchField: false,
        dataIndex: 'nearestMeterNumber',
      }),
      location: locationField(),
    }),
    step('documents', 'المستندات', 'Documents', {
      documents: attachmentsField('صورة بطاقة الرقم القومي ومستند الحيازة', 'National ID copy and proof of possession'),
      frontPhoto: imageField('صورة لواجهة العقار', 'Photo of the building front', { optional: true }),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'approved', 'installed'], {
    labels: {
      in_review: l('قيد المعاينة', 'Under inspection'),
      approved: l(
        'تمت الموافقة – في انتظار الاتصال لتحديد موعد التركيب',
        'Approved – wait for a call to set the installation date',
      ),
    },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 0),
    stage('inspection', ['in_review', 'needs_info'], 7),
    stage('installation', ['approved', 'installed'], 8),
  ],
  dictionary: [
    ['INSPECTION_FEE', 'رسوم المعاينة', 'Inspection fee'],
    ['ESTIMATE', 'المقايسة', 'Estimate (claim)'],
    ['NO_POWER', 'لا يوجد تيار كهربائي بالمنطقة', 'No power supply in the area'],
  ],
});

const LMIFT = defineService({
  slug: 'LMIFT',
  type: 'request',
  categories: [CAT.meters, CAT.connection],
  release: '2024-03-01',
  cost: 'variable',
  days: 16,
  paymentInAdvance: true,
  tour: TOUR_BASIC,
  ar: {
    serviceLabel: 'تركيب عداد قانوني لأول مرة',
    description:
      'تقديم طلب توصيل التيار الكهربائي على الجهد المنخفض وتركيب عداد قانوني لأول مرة لوحدة سكنية أو تجارية مستوفية للتراخيص، بعقد توريد باسم صاحب الوحدة.',
    steps: [
      'قدِّم الطلب إلكترونيًا وأرفق المستندات المطلوبة، وتُراجَع البيانات خلال يوم عمل واحد.',
      'يعاين الفريق الفني الوحدة ويُعد المقايسة خلال ٧ أيام عمل.',
      'سدِّد قيمة المقايسة إلكترونيًا أو في مركز خدمة العملاء.',
      'استخرج تصاريح الحفر اللازمة إن وُجدت، ووقِّع عقد توريد التيار.',
      'يُركَّب العداد ويُوصَّل التيار خلال ٨ أيام عمل من السداد واستيفاء التصاريح.',
      'تسلَّم كارت الشحن أو انتظر أول فاتورة وفق نوع العداد.',
    ],
    requiredPapers: [
      ...papers('ar', 'nid', 'tenure', 'permit', 'poa'),
      'شهادة من الحي أو الوحدة المحلية بعدم وجود مخالفات على الوحدة',
    ],
    terms: [
      'يُشترط أن يكون المبنى مرخصًا أو حاصلًا على قرار تصالح نهائي.',
      'يُحرَّر عقد التوريد باسم المالك أو المستأجر بعقد موثَّق، ولا يجوز التنازل عنه إلا بطلب تغيير اسم المشترك.',
      ...terms('ar', 'claim', 'truth', 'originals'),
    ],
    faq: [
      {
        question: 'كم تستغرق إجراءات التوصيل لأول مرة؟',
        answer:
          'إجمالي المدة ١٦ يومًا على الجهد المنخفض: يوم واحد لتقديم الطلب، و٧ أيام حتى خطوة السداد، و٨ أيام بعد سداد الرسوم واستيفاء التصاريح.',
      },
      {
        question: 'ما مدة صلاحية المقايسة؟',
        answer: 'المقايسة سارية لمدة ثلاثة أشهر من تاريخها، فإذا لم تُسدَّد خلالها يلزم إجراء معاينة جديدة.',
      },
      {
        question: 'هل يمكنني التقديم نيابةً عن المالك؟',
        answer: 'نعم، بشرط إرفاق توكيل رسمي يجيز لك التعامل مع شركات الكهرباء باسم المالك.',
      },
    ],
    costNote: 'تُحدَّد قيمة المقايسة بعد المعاينة وفق القدرة المطلوبة وطول الكابلات، وتشمل ثمن العداد ومبلغ تأمين الاستهلاك.',
  },
  en: {
    serviceLabel: 'First-time legal meter installation',
    description:
      'Apply for a low-voltage power connection and the installation of a legal meter for the first time in a licensed residential or commercial unit, with a supply contract in the unit holder’s name.',
    steps: [
      'Apply online and attach the required documents; your data is reviewed within one working day.',
      'The technical team inspects the unit and prepares the estimate within 7 working days.',
      'Pay the estimate online or at a customer service center.',
      'Obtain any required digging permits and sign the power supply contract.',
      'The meter is installed and power connected within 8 working days of the payment and the permits.',
      'Receive your charge card, or wait for your first bill, depending on the meter type.',
    ],
    requiredPapers: [
      ...papers('en', 'nid', 'tenure', 'permit', 'poa'),
      'A certificate from the district or local unit that the unit has no violations',
    ],
    terms: [
      'The building must be licensed or have a final reconciliation decision.',
      'The supply contract is made in the name of the owner or of a tenant with a registered lease; it can only be transferred through a change of subscriber name.',
      ...terms('en', 'claim', 'truth', 'originals'),
    ],
    faq: [
      {
        question: 'How long does a first connection take?',
        answer:
          'A first low-voltage connection takes 16 days in total: 1 day for the request, 7 days to the payment step, and 8 days after the fees are paid and the permits obtained.',
      },
      {
        question: 'How long is the estimate valid?',
        answer:
          'The estimate is valid for three months from its date; if it is not paid within that time, a new inspection is needed.',
      },
      {
        question: 'Can I apply on behalf of the owner?',
        answer:
          'Yes, if you attach an official power of attorney that lets you deal with the electricity companies in the owner’s name.',
      },
    ],
    costNote:
      'The estimate is set after the inspection from the requested load and the cable length; it includes the meter price and the consumption deposit.',
  },
  apply: [
    step('applicant', 'بيانات مقدم الطلب', 'Applicant details', {
      applicantName: applicantNameField(),
      // The supply contract is in the account holder's name: the national id is the account's (decision 052).
      nationalId: nationalIdField({ profile: { from: 'nationalId', editable: false } }),
      mobile: mobileField(),
      email: emailField(),
      applicantCapacity: radioField('صفة مقدم الطلب', 'Applying as', [
        ['owner', 'المالك', 'Owner'],
        ['tenant', 'مستأجر بعقد موثَّق', 'Tenant with a registered lease'],
        ['agent', 'وكيل عن المالك', 'Agent of the owner'],
      ]),
      poaNumber: textField('رقم التوكيل وسنته ومكتب التوثيق', 'Power of attorney number, year and notary office', {
        min: 3,
        max: 100,
        conditionalField: showWhen('applicantCapacity', 'agent'),
      }),
    }),
    step('unit', 'بيانات الوحدة', 'Unit details', {
      governorate: governorateField(),
      address: addressField(),
      ...propertyTypeFields(),
      unitArea: numberField('مساحة الوحدة', 'Unit area', { min: 10, max: 10000, postfix: l('م²', 'm²') }),
      requestedLoad: numberField('القدرة المطلوبة', 'Requested load', { min: 1, max: 100, postfix: kw }),
      connectionType: radioField('نوع التوصيل', 'Connection type', CONNECTION_TYPES),
      buildingPermitNumber: textField('رقم ترخيص البناء أو قرار التصالح', 'Building permit or reconciliation decision number', {
        min: 2,
        max: 50,
      }),
    }),
    step('documents', 'المستندات', 'Documents', {
      tenureDocuments: attachmentsField('سند الملكية أو عقد الإيجار الموثَّق', 'Ownership deed or registered lease'),
      permitDocuments: attachmentsField('ترخيص البناء أو قرار التصالح', 'Building permit or reconciliation decision'),
      poaDocument: attachmentsField('صورة التوكيل الرسمي', 'Copy of the power of attorney', {
        multiple: false,
        conditionalField: showWhen('applicantCapacity', 'agent'),
      }),
    }),
  ],
  workflow: flow(['new', 'in_review', 'awaiting_payment', 'in_progress', 'connected'], {
    labels: {
      in_review: l('قيد المعاينة وإعداد المقايسة', 'Inspection and estimate'),
      in_progress: l('جارٍ تركيب العداد وتوصيل التيار', 'Installing the meter and connecting power'),
    },
  }),
  stages: [
    stage('submission', ['new'], 1),
    stage('inspection', ['in_review', 'needs_info'], 7),
    stage('payment', ['awaiting_payment'], 0),
    stage('connection', ['in_progress', 'connected'], 8),
  ],
  dictionary: [
    ['ESTIMATE', 'المقايسة', 'Estimate (claim)'],
    ['DEPOSIT', 'تأمين الاستهلاك', 'Consumption deposit'],
    ['LV', 'الجهد المنخفض', 'Low voltage'],
  ],
});

const ADD_METER = defineService({
  slug: 'ADD_METER',
  type: 'registration',
  categories: [CAT.meters],
  release: '2024-03-01',
  cost: 'free',
  days: 2,
  ar: {
    serviceLabel: 'إضافة عداد إلى الحساب',
    description:
      'أضف عدادك إلى حسابك على البوابة لتتابع فواتيره وقراءاته وتسدد مستحقاته وتقدم طلباته بسهولة، بعد مراجعة شركة التوزيع لبياناته.',
    steps: [
      'أدخل رقم العداد والكود الموحد للمشترك ونوع العداد.',
      'أرفق صورة آخر فاتورة أو آخر إيصال شحن لإثبات الاشتراك.',
      'تراجع شركة التوزيع البيانات خلال يومي عمل، ويظهر العداد في قائمة «عداداتي» بعد الموافقة.',
    ],
    requiredPapers: papers('ar', 'lastBill'),
    terms: [
      'يجب أن تتطابق بيانات العداد مع بيانات المشترك المسجَّلة لدى شركة التوزيع.',
      'يحق للشركة رفض إضافة العداد أو حذفه من الحساب إذا ثبت عدم صحة البيانات.',
    ],
    faq: [
      {
        question: 'هل يمكنني إضافة عداد غير مسجَّل باسمي؟',
        answer: 'نعم، كعداد تتابعه وتسدد فواتيره، على أن يُدخل الرقم القومي لصاحب العداد كما هو مسجَّل لدى الشركة.',
      },
      {
        question: 'لماذا رُفض طلب إضافة العداد؟',
        answer:
          'يظهر سبب الرفض في قائمة العدادات المرفوضة، وغالبًا ما يكون عدم تطابق رقم العداد مع الكود الموحد أو عدم وضوح صورة الفاتورة.',
      },
    ],
  },
  en: {
    serviceLabel: 'Add a meter to my account',
    description:
      'Add your meter to your portal account to follow its bills and readings, pay what is due and file requests easily, once the distribution company has checked its data.',
    steps: [
      'Enter the meter number, the subscriber combined code and the meter type.',
      'Attach a picture of the last bill or top-up receipt as proof of subscription.',
      'The distribution company checks the data within two working days; the meter appears under “My meters” once approved.',
    ],
    requiredPapers: papers('en', 'lastBill'),
    terms: [
      'The meter data must match the subscriber data held by the distribution company.',
      'The company may refuse to add the meter, or remove it from the account, if the data turns out to be wrong.',
    ],
    faq: [
      {
        question: 'Can I add a meter that is not in my name?',
        answer:
          'Yes, as a meter you follow and pay for, provided you enter the meter owner’s national ID as registered with the company.',
      },
      {
        question: 'Why was my meter rejected?',
        answer:
          'The reason is shown in the list of rejected meters; it is usually a meter number that does not match the combined code, or an unreadable bill picture.',
      },
    ],
  },
  apply: [
    step('meter', 'بيانات العداد', 'Meter details', {
      meterNumber: meterNumberField(),
      subscriberCode: subscriberCodeField(),
      meterType: selectField('نوع العداد', 'Meter type', [
        ['prepaid', 'مسبق الدفع (كارت)', 'Prepaid (card)'],
        ['postpaid', 'بنظام الفاتورة', 'Postpaid (billed)'],
        ['code', 'عداد كودي', 'Code meter'],
      ]),
      meterName: textField('اسم مميِّز للعداد', 'A name for the meter', {
        optional: true,
        max: 40,
        placeholder: l('مثال: شقة المعادي', 'e.g. Maadi flat'),
      }),
      ownerNationalId: nationalIdField({
        label: l('الرقم القومي لصاحب العداد', 'National ID of the meter owner'),
        profile: undefined,
      }),
      governorate: governorateField(),
      billPhoto: imageField('صورة آخر فاتورة أو إيصال شحن', 'Picture of the last bill or top-up receipt'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'approved'], {
    labels: { approved: l('تمت الموافقة – أُضيف العداد', 'Approved – meter added') },
  }),
  stages: [stage('submission', ['new'], 0), stage('review', ['in_review', 'needs_info'], 2), stage('result', ['approved'], 0)],
  dictionary: [
    ['PENDING', 'قيد الموافقة', 'Pending approval'],
    ['APPROVED', 'معتمد', 'Approved'],
    ['REJECTED', 'مرفوض', 'Rejected'],
    ['DELETED', 'محذوف من المنصة', 'Deleted by the platform'],
  ],
});

const METER_READING = defineService({
  slug: 'METER_READING',
  type: 'registration',
  categories: [CAT.meters, CAT.bills],
  release: '2024-06-01',
  cost: 'free',
  days: 1,
  tour: TOUR_BASIC,
  ar: {
    serviceLabel: 'تسجيل قراءة العداد',
    description:
      'سجِّل قراءة عدادك الشهرية بنفسك لتصدر فاتورتك وفق استهلاكك الفعلي بدلًا من الاستهلاك التقديري. يجب أن تكون القراءة الحالية أكبر من القراءة السابقة.',
    steps: [
      'اختر رقم العداد المسجَّل في حسابك.',
      'اكتب القراءة الحالية كما تظهر على شاشة العداد، وأرفق صورة واضحة لها.',
      'تُراجَع القراءة وتُعتمد في إصدار فاتورة الشهر.',
    ],
    requiredPapers: ['صورة واضحة لشاشة العداد تُظهر القراءة ورقم العداد'],
    terms: [
      'يجب أن تكون القراءة الحالية أكبر من آخر قراءة مسجَّلة.',
      'يُفضَّل تسجيل القراءة خلال الأيام العشرة الأولى من الشهر لتدخل في فاتورة الشهر نفسه.',
      'تحتفظ شركة التوزيع بحق مطابقة القراءة ميدانيًا وتصحيحها عند الاختلاف.',
    ],
    faq: [
      {
        question: 'ماذا أفعل إذا رُفضت القراءة لأنها أقل من السابقة؟',
        answer:
          'راجع الأرقام على شاشة العداد وأعد إدخالها دون الأرقام العشرية، فإن تأكدت من صحتها فقدِّم طلب «فحص ومعايرة العداد».',
      },
      {
        question: 'هل يمكنني تسجيل القراءة دون اتصال بالإنترنت؟',
        answer:
          'نعم، تُحفظ القراءة على جهازك وتُرسَل تلقائيًا مرة واحدة عند عودة الاتصال، ويمكنك متابعة القراءات المنتظرة في قائمة الانتظار.',
      },
    ],
  },
  en: {
    serviceLabel: 'Meter reading registration',
    description:
      'Register your monthly meter reading yourself so that your bill follows your actual consumption instead of an estimate. The current reading must be greater than the previous one.',
    steps: [
      'Choose the meter number registered in your account.',
      'Enter the current reading as shown on the meter display, and attach a clear picture of it.',
      'The reading is checked and used for this month’s bill.',
    ],
    requiredPapers: ['A clear picture of the meter display showing the reading and the meter number'],
    terms: [
      'The current reading must be greater than the last registered reading.',
      'Register the reading within the first ten days of the month so that it counts for that month’s bill.',
      'The distribution company may check the reading on site and correct it if it differs.',
    ],
    faq: [
      {
        question: 'What if my reading is rejected as lower than the previous one?',
        answer:
          'Check the digits on the meter display and enter them again without the decimals; if you are sure they are right, file a “Meter testing and calibration” request.',
      },
      {
        question: 'Can I register a reading without an internet connection?',
        answer:
          'Yes. The reading is kept on your device and sent automatically, exactly once, when the connection returns; you can follow waiting readings in the outbox.',
      },
    ],
  },
  apply: [
    step('reading', 'القراءة', 'Reading', {
      meterNumber: meterNumberField(),
      currentReading: numberField('القراءة الحالية', 'Current reading', { min: 0, postfix: kwh }),
      readingDate: dateField('تاريخ القراءة', 'Reading date'),
      readingPhoto: imageField('صورة شاشة العداد', 'Picture of the meter display'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'completed'], { labels: { completed: l('تم اعتماد القراءة', 'Reading accepted') } }),
  stages: [stage('submission', ['new'], 0), stage('review', ['in_review', 'needs_info', 'completed'], 1)],
  dictionary: [
    ['READING_LESS_THAN_LAST', 'القراءة أقل من السابقة', 'Reading lower than the last one'],
    ['ESTIMATED', 'استهلاك تقديري', 'Estimated consumption'],
  ],
});

const METER_RELOCATION = defineService({
  slug: 'METER_RELOCATION',
  type: 'request',
  categories: [CAT.meters],
  release: '2024-09-15',
  cost: 350,
  days: 10,
  ar: {
    serviceLabel: 'نقل مكان العداد',
    description:
      'نقل العداد من مكانه الحالي إلى مكان آخر داخل العقار نفسه، لأسباب التجديد أو التوسعة أو السلامة، بمعرفة الفريق الفني لشركة التوزيع.',
    steps: [
      'قدِّم الطلب موضحًا المكان الجديد المقترح للعداد وسبب النقل.',
      'يعاين الفريق الفني الموقع ويحدد مدى صلاحيته والتكلفة.',
      'سدِّد رسوم النقل.',
      'يُحدَّد موعد التنفيذ ويُبلَّغ به مقدم الطلب.',
      'يُنقل العداد ويُعاد توصيل التيار ويُحرَّر محضر بالقراءة.',
    ],
    requiredPapers: [...papers('ar', 'nid', 'contract', 'lastBill'), 'موافقة كتابية من المالك إذا كان مقدم الطلب مستأجرًا'],
    terms: [
      'يجب أن يكون المكان الجديد داخل حدود العقار نفسه، وأن يسهل الوصول إليه للقراءة والصيانة.',
      'يُحظر نقل العداد بمعرفة المشترك أو أي جهة غير شركة التوزيع، ويُعد ذلك مخالفة تستوجب المساءلة.',
      ...terms('ar', 'arrears'),
    ],
    faq: [
      {
        question: 'هل ينقطع التيار أثناء نقل العداد؟',
        answer: 'نعم، لمدة قصيرة في يوم التنفيذ فقط، ويُعاد التوصيل فور تركيب العداد في مكانه الجديد.',
      },
      {
        question: 'هل يمكن نقل العداد إلى عقار آخر؟',
        answer: 'لا، النقل داخل العقار نفسه فقط. للعقار الجديد يلزم تقديم طلب تركيب عداد جديد، وطلب رفع العداد الحالي.',
      },
    ],
    costNote: 'رسوم النقل ٣٥٠ جنيهًا للعداد أحادي الوجه داخل العقار نفسه، وقد تُضاف تكلفة كابلات إضافية وفق المعاينة.',
  },
  en: {
    serviceLabel: 'Meter relocation',
    description:
      'Move the meter from its current place to another place in the same property, for renovation, extension or safety reasons, by the distribution company’s technical team.',
    steps: [
      'File the request, describing the proposed new place of the meter and the reason for moving it.',
      'The technical team inspects the site, checks that the new place is suitable and sets the cost.',
      'Pay the relocation fee.',
      'An execution date is set and the applicant is told.',
      'The meter is moved, power is reconnected and the reading is recorded in a report.',
    ],
    requiredPapers: [...papers('en', 'nid', 'contract', 'lastBill'), 'The owner’s written consent if the applicant is a tenant'],
    terms: [
      'The new place must be within the same property and easy to reach for reading and maintenance.',
      'Moving a meter by the subscriber or anyone other than the distribution company is forbidden and is a violation.',
      ...terms('en', 'arrears'),
    ],
    faq: [
      {
        question: 'Will the power be cut while the meter is moved?',
        answer: 'Yes, briefly on the day of the work only; power is reconnected as soon as the meter is fixed in its new place.',
      },
      {
        question: 'Can the meter be moved to another property?',
        answer:
          'No, only within the same property. For another property, request a new meter there and the removal of the current one.',
      },
    ],
    costNote:
      'The relocation fee is EGP 350 for a single-phase meter within the same property; extra cable may be added after the inspection.',
  },
  apply: [
    step('request', 'بيانات الطلب', 'Request details', {
      applicantName: applicantNameField(),
      mobile: mobileField(),
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      currentLocation: textareaField('مكان العداد الحالي', 'Current meter location', { min: 5, max: 300 }),
      newLocation: textareaField('المكان الجديد المقترح', 'Proposed new location', { min: 5, max: 300 }),
      reason: selectField('سبب النقل', 'Reason for moving', [
        ['renovation', 'تجديد أو تشطيب', 'Renovation or finishing'],
        ['extension', 'توسعة أو تعديل في المبنى', 'Building extension or alteration'],
        ['safety', 'خطورة المكان الحالي', 'Current place is unsafe'],
        ['access', 'صعوبة الوصول للقراءة', 'Hard to reach for reading'],
        ['other', 'سبب آخر', 'Other reason'],
      ]),
      otherReason: textField('اذكر السبب', 'State the reason', {
        min: 3,
        max: 200,
        conditionalField: showWhen('reason', 'other'),
      }),
      photos: attachmentsField('صور المكان الحالي والمكان المقترح', 'Pictures of the current and proposed places', {
        optional: true,
      }),
    }),
  ],
  workflow: flow(['new', 'in_review', 'awaiting_payment', 'in_progress', 'completed'], {
    labels: { completed: l('تم نقل العداد', 'Meter relocated') },
  }),
  stages: [
    stage('inspection', ['new', 'in_review', 'needs_info'], 3),
    stage('payment', ['awaiting_payment'], 0),
    stage('execution', ['in_progress', 'completed'], 7),
  ],
});

const METER_TESTING = defineService({
  slug: 'METER_TESTING',
  type: 'request',
  categories: [CAT.meters],
  release: '2024-09-15',
  cost: 120,
  days: 7,
  ar: {
    serviceLabel: 'فحص ومعايرة العداد',
    description:
      'إذا شككت في دقة عدادك، اطلب فحصه ومعايرته في الموقع أو في معمل المعايرة، وتُسوَّى الفواتير إذا ثبت وجود عيب في العداد.',
    steps: [
      'قدِّم الطلب موضحًا سبب الشك في دقة العداد.',
      'سدِّد رسوم الفحص.',
      'يفحص الفريق الفني العداد في الموقع أو في معمل المعايرة بحضورك أو بحضور من ينوب عنك.',
      'تسلَّم تقرير الفحص، وتُسوَّى الفواتير إذا ثبت عطل العداد.',
    ],
    requiredPapers: papers('ar', 'nid', 'lastBill'),
    terms: [
      'يُحظر فتح العداد أو العبث بأختامه قبل الفحص، ويُلغى الطلب إذا وُجدت آثار عبث.',
      'تُعد نتيجة معمل المعايرة المعتمد نهائية في تحديد دقة العداد.',
      ...terms('ar', 'truth'),
    ],
    faq: [
      {
        question: 'هل أُعوَّض إذا ثبت عطل العداد؟',
        answer: 'نعم، تُرد رسوم الفحص وتُعاد محاسبة الفواتير عن الفترة المتأثرة وفق نتيجة الفحص.',
      },
      {
        question: 'هل يلزم حضوري أثناء الفحص؟',
        answer: 'يُفضَّل حضورك أو حضور من ينوب عنك، ويُبلَّغ مقدم الطلب بالموعد قبلها بيوم على الأقل.',
      },
    ],
    costNote: 'رسوم الفحص ١٢٠ جنيهًا، وتُرد إذا ثبت أن العداد معيب.',
  },
  en: {
    serviceLabel: 'Meter testing and calibration',
    description:
      'If you doubt your meter’s accuracy, ask for it to be tested and calibrated on site or in the calibration lab; bills are settled if the meter proves faulty.',
    steps: [
      'File the request, saying why you doubt the meter’s accuracy.',
      'Pay the testing fee.',
      'The technical team tests the meter on site or in the calibration lab, with you or your representative present.',
      'Receive the test report; bills are settled if the meter proves faulty.',
    ],
    requiredPapers: papers('en', 'nid', 'lastBill'),
    terms: [
      'Opening the meter or tampering with its seals before the test is forbidden; the request is cancelled if tampering is found.',
      'The result of the accredited calibration lab is final as to the meter’s accuracy.',
      ...terms('en', 'truth'),
    ],
    faq: [
      {
        question: 'Am I compensated if the meter proves faulty?',
        answer:
          'Yes. The testing fee is refunded and the bills of the affected period are recalculated according to the test result.',
      },
      {
        question: 'Do I have to attend the test?',
        answer: 'It is better that you or your representative attend; the applicant is told the date at least one day ahead.',
      },
    ],
    costNote: 'The testing fee is EGP 120, refunded if the meter proves faulty.',
  },
  apply: [
    step('request', 'بيانات الطلب', 'Request details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      reason: selectField('سبب طلب الفحص', 'Reason for the test', [
        ['high_consumption', 'ارتفاع غير مبرر في الاستهلاك', 'Unexplained rise in consumption'],
        ['not_recording', 'العداد لا يسجل الاستهلاك', 'The meter does not record consumption'],
        ['display', 'عطل في شاشة العداد', 'Meter display fault'],
        ['heat_noise', 'سخونة أو صوت غير طبيعي', 'Abnormal heat or noise'],
      ]),
      description: textareaField('وصف المشكلة', 'Description of the problem', { optional: true, max: 1000 }),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_progress', 'completed'], {
    labels: { in_progress: l('جارٍ الفحص', 'Testing'), completed: l('صدر تقرير الفحص', 'Test report issued') },
  }),
  stages: [
    stage('submission', ['new', 'needs_info', 'awaiting_payment'], 1),
    stage('inspection', ['in_progress'], 5),
    stage('result', ['completed'], 1),
  ],
});

const PREPAID_METER_REPLACEMENT = defineService({
  slug: 'PREPAID_METER_REPLACEMENT',
  type: 'request',
  categories: [CAT.meters, CAT.faults],
  release: '2025-01-10',
  cost: 'free',
  days: 5,
  ar: {
    serviceLabel: 'استبدال عداد مسبق الدفع معطل',
    description: 'استبدال العداد مسبق الدفع الذي توقف عن العمل أو لا يقبل كارت الشحن، مع نقل الرصيد المتبقي إلى العداد الجديد.',
    steps: [
      'سجِّل بلاغ العطل ببيانات العداد ونوع العطل، وأرفق صورة للشاشة.',
      'يفحص الفريق الفني العداد للتأكد من العطل وسببه.',
      'يُستبدل العداد بآخر جديد ويُنقل إليه الرصيد المتبقي.',
      'تسلَّم كارت الشحن الجديد المرتبط بالعداد الجديد.',
    ],
    requiredPapers: [...papers('ar', 'nid'), 'كارت الشحن الحالي', 'آخر إيصال شحن'],
    terms: [
      'يُستبدل العداد دون مقابل إذا كان العطل فنيًا غير ناتج عن سوء الاستخدام.',
      'إذا ثبت أن العطل ناتج عن عبث أو سوء استخدام يُحاسَب المشترك على ثمن العداد وفق الأسعار السارية.',
    ],
    faq: [
      {
        question: 'هل أفقد الرصيد المتبقي في العداد المعطل؟',
        answer: 'لا، يُقرأ الرصيد من ذاكرة العداد أو من سجلات الشحن، ويُنقل إلى العداد الجديد.',
      },
      {
        question: 'ماذا أفعل إذا انقطع التيار بسبب العطل؟',
        answer: 'اتصل بالخط الساخن ١٢١ لإرسال فريق الطوارئ لتوصيل التيار مؤقتًا حتى الاستبدال.',
      },
    ],
    costNote: 'مجانًا للأعطال الفنية، ويُحصَّل ثمن العداد إذا كان العطل ناتجًا عن سوء الاستخدام.',
  },
  en: {
    serviceLabel: 'Replacement of a faulty prepaid meter',
    description:
      'Replace a prepaid meter that has stopped working or no longer accepts the charge card; the remaining credit moves to the new meter.',
    steps: [
      'Report the fault with the meter details and the fault type, and attach a picture of the display.',
      'The technical team examines the meter to confirm the fault and its cause.',
      'The meter is replaced with a new one and the remaining credit is moved to it.',
      'Receive the new charge card linked to the new meter.',
    ],
    requiredPapers: [...papers('en', 'nid'), 'The current charge card', 'The last top-up receipt'],
    terms: [
      'The meter is replaced free of charge if the fault is technical and not caused by misuse.',
      'If the fault is caused by tampering or misuse, the subscriber pays the meter price at current rates.',
    ],
    faq: [
      {
        question: 'Do I lose the credit left on the faulty meter?',
        answer: 'No. The credit is read from the meter memory or from the top-up records and moved to the new meter.',
      },
      {
        question: 'What should I do if the fault has cut my power?',
        answer: 'Call the 121 hotline so the emergency team can restore power temporarily until the replacement.',
      },
    ],
    costNote: 'Free for technical faults; the meter price is charged if the fault results from misuse.',
  },
  apply: [
    step('fault', 'بيانات العطل', 'Fault details', {
      meterNumber: meterNumberField(),
      subscriberCode: subscriberCodeField({ optional: true }),
      faultType: selectField('نوع العطل', 'Fault type', [
        ['screen_off', 'الشاشة لا تعمل', 'The display is off'],
        ['card_rejected', 'العداد لا يقبل الكارت', 'The meter rejects the card'],
        ['keeps_cutting', 'العداد يفصل التيار رغم وجود رصيد', 'The meter cuts power despite credit'],
        ['burnt', 'العداد محترق أو مكسور', 'The meter is burnt or broken'],
        ['wrong_balance', 'رصيد غير صحيح', 'Wrong credit shown'],
      ]),
      description: textareaField('وصف إضافي', 'Additional description', { optional: true, max: 1000 }),
      mobile: mobileField(),
      displayPhoto: imageField('صورة العداد وشاشته', 'Picture of the meter and its display'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'in_progress', 'completed'], {
    labels: { in_review: l('قيد الفحص', 'Being examined'), completed: l('تم استبدال العداد', 'Meter replaced') },
  }),
  stages: [stage('inspection', ['new', 'in_review', 'needs_info'], 2), stage('execution', ['in_progress', 'completed'], 3)],
});

const METER_REMOVAL = defineService({
  slug: 'METER_REMOVAL',
  type: 'request',
  categories: [CAT.meters, CAT.contracts],
  release: '2025-01-10',
  cost: 'free',
  days: 5,
  ar: {
    serviceLabel: 'رفع العداد',
    description:
      'طلب رفع العداد نهائيًا عند هدم العقار أو دمج الوحدات أو الاستغناء عن التيار، أو رفع العداد الكودي بعد تركيب عداد قانوني.',
    steps: [
      'قدِّم الطلب موضحًا سبب رفع العداد.',
      'سدِّد أي مديونيات مستحقة على العداد.',
      'يزور الفريق الفني الموقع ويحرر محضر رفع بالقراءة النهائية.',
      'يُرفع العداد ويُغلق الحساب، ويمكنك بعدها طلب استرداد مبلغ التأمين.',
    ],
    requiredPapers: papers('ar', 'nid', 'contract', 'lastBill', 'poa'),
    terms: [...terms('ar', 'arrears'), 'لا يُعاد تركيب العداد في الموقع نفسه إلا بطلب توصيل جديد.'],
    faq: [
      {
        question: 'هل يُرد مبلغ التأمين تلقائيًا بعد رفع العداد؟',
        answer: 'لا، قدِّم طلب «إنهاء التعاقد واسترداد مبلغ التأمين» بعد رفع العداد وإصدار التسوية النهائية.',
      },
      {
        question: 'هل يُرفع العداد الكودي تلقائيًا عند تركيب عداد قانوني؟',
        answer: 'نعم، يُرفع عند تركيب العداد القانوني، ويمكنك تقديم هذا الطلب إذا لم يُرفع خلال أسبوع.',
      },
    ],
  },
  en: {
    serviceLabel: 'Meter removal',
    description:
      'Ask for a meter to be removed for good when the building is demolished, units are merged or power is no longer needed, or remove a code meter after a legal meter is installed.',
    steps: [
      'File the request, stating why the meter should be removed.',
      'Pay any arrears due on the meter.',
      'The technical team visits the site and records the final reading in a removal report.',
      'The meter is removed and the account closed; you can then ask for your deposit back.',
    ],
    requiredPapers: papers('en', 'nid', 'contract', 'lastBill', 'poa'),
    terms: [...terms('en', 'arrears'), 'A meter is only reinstalled at the same place through a new connection request.'],
    faq: [
      {
        question: 'Is the deposit refunded automatically after the removal?',
        answer:
          'No. File a “Contract termination and deposit refund” request after the meter is removed and the final settlement is issued.',
      },
      {
        question: 'Is a code meter removed automatically when a legal meter is installed?',
        answer:
          'Yes, it is removed when the legal meter is installed; file this request if it has not been removed within a week.',
      },
    ],
  },
  apply: [
    step('request', 'بيانات الطلب', 'Request details', {
      applicantName: applicantNameField(),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      reason: selectField('سبب الرفع', 'Reason for removal', [
        ['demolition', 'هدم العقار', 'Demolition of the building'],
        ['merge', 'دمج وحدتين أو أكثر', 'Merging two or more units'],
        ['not_needed', 'الاستغناء عن التيار', 'Power no longer needed'],
        ['code_replaced', 'تركيب عداد قانوني بدلًا من العداد الكودي', 'A legal meter replaced the code meter'],
        ['other', 'سبب آخر', 'Other reason'],
      ]),
      otherReason: textField('اذكر السبب', 'State the reason', {
        min: 3,
        max: 200,
        conditionalField: showWhen('reason', 'other'),
      }),
      lastReading: numberField('آخر قراءة للعداد', 'Last meter reading', { min: 0, optional: true, postfix: kwh }),
      documents: attachmentsField('المستندات المطلوبة', 'Required documents'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'in_progress', 'completed'], {
    labels: { completed: l('تم رفع العداد', 'Meter removed') },
  }),
  stages: [stage('review', ['new', 'in_review', 'needs_info'], 2), stage('execution', ['in_progress', 'completed'], 3)],
});

const CHARGE_CARD_REPLACEMENT = defineService({
  slug: 'CHARGE_CARD_REPLACEMENT',
  type: 'request',
  categories: [CAT.meters],
  release: '2024-05-20',
  cost: 75,
  days: 3,
  paymentInAdvance: true,
  ar: {
    serviceLabel: 'بدل فاقد أو تالف لكارت الشحن',
    description: 'استخراج كارت شحن بديل للعداد مسبق الدفع عند فقد الكارت أو تلفه، وإلغاء الكارت القديم حفاظًا على رصيدك.',
    steps: [
      'قدِّم الطلب ببيانات العداد، وحدِّد سبب الاستبدال ومركز الخدمة الذي تتسلم منه الكارت.',
      'سدِّد رسوم إصدار الكارت البديل.',
      'تُصدر الشركة كارتًا جديدًا مرتبطًا بالعداد ويُلغى الكارت القديم.',
      'تسلَّم الكارت من مركز الخدمة الذي اخترته بعد إبلاغك برسالة نصية.',
    ],
    requiredPapers: [...papers('ar', 'nid'), 'الكارت التالف في حالة التلف', 'آخر إيصال شحن'],
    terms: ['يُسلَّم الكارت لصاحب العداد أو لوكيله بتوكيل رسمي.', 'يُلغى الكارت القديم فور إصدار البديل ولا يمكن استخدامه بعد ذلك.'],
    faq: [
      {
        question: 'هل أفقد الرصيد بسبب فقد الكارت؟',
        answer:
          'لا، الرصيد المشحون على العداد لا يتأثر، وأي شحنة مسجلة على الكارت ولم تُنقل إلى العداد تُنقل إلى الكارت الجديد بعد مراجعتها.',
      },
      {
        question: 'هل يلزم تحرير محضر بفقد الكارت؟',
        answer: 'لا يلزم، لكن يمكنك إدخال رقم المحضر إن وُجد.',
      },
    ],
    costNote: 'رسوم إصدار الكارت البديل ٧٥ جنيهًا تُسدَّد مقدمًا.',
  },
  en: {
    serviceLabel: 'Replacement of a lost or damaged charge card',
    description:
      'Get a replacement charge card for your prepaid meter when the card is lost or damaged; the old card is cancelled to protect your credit.',
    steps: [
      'File the request with the meter details, the reason for the replacement and the service center where you will collect the card.',
      'Pay the replacement card fee.',
      'The company issues a new card linked to the meter and cancels the old one.',
      'Collect the card from the service center you chose once you receive a text message.',
    ],
    requiredPapers: [...papers('en', 'nid'), 'The damaged card, if it is damaged', 'The last top-up receipt'],
    terms: [
      'The card is handed to the meter holder or to an agent with an official power of attorney.',
      'The old card is cancelled as soon as the replacement is issued and can no longer be used.',
    ],
    faq: [
      {
        question: 'Do I lose my credit because I lost the card?',
        answer:
          'No. The credit already on the meter is not affected, and any top-up recorded on the card but not yet transferred to the meter is moved to the new card after review.',
      },
      {
        question: 'Do I need a police report for a lost card?',
        answer: 'It is not required, but you can enter the report number if you have one.',
      },
    ],
    costNote: 'The replacement card fee of EGP 75 is paid in advance.',
  },
  apply: [
    step('card', 'بيانات الكارت', 'Card details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      reason: radioField('سبب الاستبدال', 'Reason for replacement', [
        ['lost', 'فقد', 'Lost'],
        ['damaged', 'تلف', 'Damaged'],
      ]),
      lossReportNumber: textField('رقم محضر الفقد (إن وُجد)', 'Loss report number (if any)', {
        optional: true,
        max: 50,
        conditionalField: showWhen('reason', 'lost'),
      }),
      damagedCardPhoto: imageField('صورة الكارت التالف', 'Picture of the damaged card', {
        conditionalField: showWhen('reason', 'damaged'),
      }),
      governorate: governorateField(),
      serviceCenter: serviceCenterField(),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_progress', 'delivered'], {
    labels: { in_progress: l('جارٍ إصدار الكارت', 'Issuing the card'), delivered: l('تم تسليم الكارت', 'Card delivered') },
  }),
  stages: [stage('submission', ['new', 'needs_info', 'awaiting_payment'], 0), stage('issuance', ['in_progress', 'delivered'], 3)],
});

const FIELD_INSPECTION = defineService({
  slug: 'FIELD_INSPECTION',
  type: 'request',
  categories: [CAT.meters],
  release: '2025-04-01',
  cost: 'free',
  days: 3,
  hiddenOn: ['web'],
  applyActor: 'employee',
  rate: false,
  ar: {
    serviceLabel: 'معاينة ميدانية للعداد',
    description:
      'خدمة داخلية للعاملين بشركات التوزيع عبر تطبيق الموظفين، لتسجيل نتائج المعاينات الميدانية للعدادات وحالات العبث والأعطال.',
    steps: [
      'يسجل المفتش بيانات العداد ونتيجة المعاينة في الموقع.',
      'يرفق صور العداد والقراءة ومحضر المعاينة.',
      'يراجع رئيس القطاع المعاينة ويعتمدها.',
    ],
    requiredPapers: ['محضر المعاينة موقَّعًا من المفتش', 'صور العداد وشاشة القراءة'],
    terms: ['تُسجَّل المعاينة من موقع العداد نفسه.', 'تُعامَل بيانات المشتركين بسرية تامة ولا تُستخدم لغير أغراض العمل.'],
    faq: [
      {
        question: 'لماذا لا تظهر هذه الخدمة على البوابة الإلكترونية؟',
        answer: 'لأنها مخصصة للعاملين، وتُستخدم من تطبيق الموظفين على الهاتف المحمول فقط.',
      },
      {
        question: 'هل يمكن تسجيل المعاينة دون اتصال بالإنترنت؟',
        answer: 'نعم، تُحفظ على الجهاز وتُرسَل تلقائيًا عند عودة الاتصال.',
      },
    ],
  },
  en: {
    serviceLabel: 'Field meter inspection',
    description:
      'An internal service for distribution company staff, on the employee app, to record the results of field inspections of meters, tampering cases and faults.',
    steps: [
      'The inspector records the meter details and the inspection result on site.',
      'The inspector attaches pictures of the meter and reading, and the inspection report.',
      'The sector head reviews and approves the inspection.',
    ],
    requiredPapers: ['The inspection report signed by the inspector', 'Pictures of the meter and of the reading display'],
    terms: [
      'The inspection is recorded from the meter’s own location.',
      'Subscriber data is strictly confidential and used for work purposes only.',
    ],
    faq: [
      {
        question: 'Why is this service not shown on the web portal?',
        answer: 'It is for staff only and is used from the employee mobile app.',
      },
      {
        question: 'Can an inspection be recorded offline?',
        answer: 'Yes. It is kept on the device and sent automatically when the connection returns.',
      },
    ],
  },
  apply: [
    step('inspection', 'نتيجة المعاينة', 'Inspection result', {
      meterNumber: meterNumberField(),
      subscriberCode: subscriberCodeField({ optional: true }),
      result: selectField('نتيجة المعاينة', 'Inspection result', [
        ['ok', 'العداد سليم ومطابق', 'Meter sound and compliant'],
        ['tampering', 'آثار عبث بالعداد', 'Signs of tampering'],
        ['faulty', 'العداد معطل', 'Meter faulty'],
        ['bypass', 'توصيل مباشر دون عداد', 'Direct connection bypassing the meter'],
        ['no_meter', 'لا يوجد عداد بالموقع', 'No meter at the site'],
      ]),
      reading: numberField('القراءة وقت المعاينة', 'Reading at the time of inspection', { min: 0, optional: true, postfix: kwh }),
      photos: imageField('صور العداد', 'Pictures of the meter', { multiple: true }),
      report: attachmentsField('محضر المعاينة', 'Inspection report', { multiple: false }),
      notes: textareaField('ملاحظات المفتش', 'Inspector’s notes', { optional: true, max: 1000 }),
      location: locationField({ optional: false }),
    }),
  ],
  workflow: flow(['new', 'in_review', 'completed'], {
    cancellable: false,
    rate: false,
    labels: { completed: l('تم اعتماد المعاينة', 'Inspection approved') },
  }),
  stages: [stage('submission', ['new'], 1), stage('review', ['in_review', 'needs_info', 'completed'], 2)],
});

const SMART_METER_UPGRADE = defineService({
  slug: 'SMART_METER_UPGRADE',
  type: 'request',
  categories: [CAT.meters],
  release: '2026-01-01',
  fromDate: '2026-01-01',
  toDate: '2027-12-31',
  activation: { kind: 'until', date: '2027-12-31' },
  cost: 'free',
  days: 15,
  ar: {
    serviceLabel: 'استبدال العداد التقليدي بعداد مسبق الدفع',
    description:
      'ضمن مبادرة تعميم العدادات مسبقة الدفع، اطلب استبدال عدادك التقليدي (الميكانيكي أو الرقمي بنظام الفاتورة) بعداد مسبق الدفع دون رسوم. تُتاح الخدمة من ١ يناير ٢٠٢٦ حتى ٣١ ديسمبر ٢٠٢٧.',
    steps: [
      'قدِّم الطلب بالكود الموحد ورقم العداد الحالي.',
      'سدِّد أي فواتير مستحقة على العداد الحالي.',
      'يُحدَّد موعد الزيارة ويُبلَّغ به المشترك برسالة نصية.',
      'يُستبدل العداد وتتسلم كارت الشحن.',
    ],
    requiredPapers: papers('ar', 'nid', 'lastBill'),
    terms: [
      'الخدمة متاحة خلال فترة المبادرة فقط، من ١ يناير ٢٠٢٦ حتى ٣١ ديسمبر ٢٠٢٧.',
      'يُستبدل العداد دون رسوم، ويظل عقد التوريد ونوع النشاط دون تغيير.',
      ...terms('ar', 'arrears'),
    ],
    faq: [
      {
        question: 'هل أدفع ثمن العداد الجديد؟',
        answer: 'لا، الاستبدال مجاني خلال فترة المبادرة بشرط سداد الفواتير المستحقة على العداد الحالي.',
      },
      {
        question: 'ماذا يحدث لمبلغ التأمين المسدَّد على العداد القديم؟',
        answer: 'يظل محفوظًا على حساب المشترك ويُنقل إلى العداد الجديد دون تغيير.',
      },
    ],
  },
  en: {
    serviceLabel: 'Replacing a conventional meter with a prepaid meter',
    description:
      'Under the prepaid meter roll-out initiative, ask for your conventional meter (electromechanical, or digital with monthly bills) to be replaced with a prepaid meter free of charge. The service is open from 1 January 2026 to 31 December 2027.',
    steps: [
      'File the request with the combined code and the current meter number.',
      'Pay any bills due on the current meter.',
      'A visit date is set and the subscriber is told by text message.',
      'The meter is replaced and you receive the charge card.',
    ],
    requiredPapers: papers('en', 'nid', 'lastBill'),
    terms: [
      'The service is only open during the initiative, from 1 January 2026 to 31 December 2027.',
      'The meter is replaced free of charge; the supply contract and the type of use stay the same.',
      ...terms('en', 'arrears'),
    ],
    faq: [
      {
        question: 'Do I pay for the new meter?',
        answer: 'No, the replacement is free during the initiative, provided the bills on the current meter are paid.',
      },
      {
        question: 'What happens to the deposit paid on the old meter?',
        answer: 'It stays on the subscriber’s account and moves to the new meter unchanged.',
      },
    ],
  },
  apply: [
    step('meter', 'بيانات العداد', 'Meter details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      currentMeterType: radioField('نوع العداد الحالي', 'Current meter type', [
        ['electromechanical', 'ميكانيكي (قرص دوار)', 'Electromechanical (rotating disc)'],
        ['digital', 'رقمي بنظام الفاتورة', 'Digital, billed monthly'],
      ]),
      preferredPeriod: radioField('الفترة المفضلة للزيارة', 'Preferred visit time', [
        ['morning', 'صباحًا (٩ – ١٣)', 'Morning (9:00–13:00)'],
        ['afternoon', 'بعد الظهر (١٣ – ١٧)', 'Afternoon (13:00–17:00)'],
      ]),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'in_review', 'approved', 'installed'], {
    labels: {
      approved: l(
        'تمت الموافقة – في انتظار الاتصال لتحديد موعد التركيب',
        'Approved – wait for a call to set the installation date',
      ),
    },
  }),
  stages: [stage('review', ['new', 'in_review', 'needs_info'], 3), stage('installation', ['approved', 'installed'], 12)],
});

export const meterServices: ServiceSeedWithoutOrder[] = [
  CODEMETER,
  LMIFT,
  ADD_METER,
  METER_READING,
  METER_RELOCATION,
  METER_TESTING,
  PREPAID_METER_REPLACEMENT,
  METER_REMOVAL,
  CHARGE_CARD_REPLACEMENT,
  SMART_METER_UPGRADE,
  FIELD_INSPECTION,
];
