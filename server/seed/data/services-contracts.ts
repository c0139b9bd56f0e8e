import {
  CAT,
  applicantNameField,
  attachmentsField,
  dateField,
  defineService,
  kwh,
  l,
  meterNumberField,
  mobileField,
  nationalIdField,
  numberField,
  papers,
  radioField,
  selectField,
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

/* Contracts and documents: subscriber name change, change of use, termination and refund, certificates, statements. */

/** Staff who handle this family's requests move them (decision 036). */
const flow = familyWorkflow(ROLE.contractRequests);

const NAME_CHANGE = defineService({
  slug: 'NAME_CHANGE',
  type: 'request',
  categories: [CAT.contracts],
  release: '2024-06-15',
  cost: 100,
  days: 7,
  ar: {
    serviceLabel: 'تغيير اسم المشترك (نقل ملكية العداد)',
    description:
      'نقل عقد توريد التيار الكهربائي واسم المشترك إلى المالك أو المستأجر الجديد عند البيع أو الإيجار أو الميراث، مع الإبقاء على العداد نفسه.',
    steps: [
      'قدِّم الطلب ببيانات المشترك الحالي والجديد، وأرفق مستند نقل الملكية.',
      'تراجع الإدارة التجارية المستندات، وتتأكد من سداد المديونيات.',
      'سدِّد رسوم تغيير الاسم.',
      'يُحرَّر عقد توريد جديد باسم المشترك الجديد، وتصدر الفواتير التالية باسمه.',
    ],
    requiredPapers: [
      'صورة بطاقة الرقم القومي للمشترك الجديد',
      'مستند نقل الملكية: عقد بيع مسجل أو صحة ونفاذ، أو عقد إيجار موثَّق، أو إعلام وراثة',
      ...papers('ar', 'contract', 'lastBill'),
    ],
    terms: [...terms('ar', 'arrears', 'truth'), 'يُنقل مبلغ التأمين إلى المشترك الجديد ما لم يُتفق على خلاف ذلك.'],
    faq: [
      {
        question: 'هل يلزم حضور المشترك القديم؟',
        answer: 'لا يلزم إذا كان مستند نقل الملكية مسجلًا أو موثقًا، أو في حالة الميراث بموجب إعلام الوراثة.',
      },
      {
        question: 'هل يتغير رقم العداد أو الكود الموحد؟',
        answer: 'لا يتغير رقم العداد، وقد يصدر كود موحد جديد يظهر في أول فاتورة باسم المشترك الجديد.',
      },
    ],
    costNote: 'رسوم تغيير الاسم ١٠٠ جنيه.',
  },
  en: {
    serviceLabel: 'Change of subscriber name (meter ownership transfer)',
    description:
      'Transfer the power supply contract and the subscriber name to the new owner or tenant after a sale, lease or inheritance, keeping the same meter.',
    steps: [
      'File the request with the current and new subscribers’ details, and attach the transfer document.',
      'The commercial department checks the documents and that all arrears are paid.',
      'Pay the name-change fee.',
      'A new supply contract is drawn up in the new subscriber’s name, and the following bills are issued in that name.',
    ],
    requiredPapers: [
      'A copy of the new subscriber’s national ID card',
      'The transfer document: a registered sale contract or validity-and-enforcement judgment, a registered lease, or a certificate of inheritance',
      ...papers('en', 'contract', 'lastBill'),
    ],
    terms: [...terms('en', 'arrears', 'truth'), 'The deposit is transferred to the new subscriber unless agreed otherwise.'],
    faq: [
      {
        question: 'Does the previous subscriber have to attend?',
        answer:
          'No, if the transfer document is registered or notarised, or in an inheritance with a certificate of inheritance.',
      },
      {
        question: 'Do the meter number or the combined code change?',
        answer: 'The meter number stays the same; a new combined code may be issued and shown on the first bill in the new name.',
      },
    ],
    costNote: 'The name-change fee is EGP 100.',
  },
  apply: [
    step('transfer', 'بيانات النقل', 'Transfer details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      currentName: textField('اسم المشترك الحالي', 'Current subscriber name', { min: 6, max: 100 }),
      newName: applicantNameField({
        label: l('اسم المشترك الجديد رباعيًا', 'New subscriber’s full name (four names)'),
        profile: undefined,
      }),
      newNationalId: nationalIdField({
        label: l('الرقم القومي للمشترك الجديد', 'New subscriber’s national ID number'),
        profile: undefined,
      }),
      mobile: mobileField(),
      reason: selectField('سبب النقل', 'Reason for the transfer', [
        ['sale', 'بيع', 'Sale'],
        ['inheritance', 'ميراث', 'Inheritance'],
        ['lease', 'إيجار', 'Lease'],
        ['other', 'سبب آخر', 'Other reason'],
      ]),
      otherReason: textField('اذكر السبب', 'State the reason', {
        min: 3,
        max: 200,
        conditionalField: showWhen('reason', 'other'),
      }),
      documents: attachmentsField('مستند نقل الملكية وبطاقة المشترك الجديد', 'Transfer document and the new subscriber’s ID'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'awaiting_payment', 'in_progress', 'completed'], {
    labels: { completed: l('تم تغيير اسم المشترك', 'Subscriber name changed') },
  }),
  stages: [
    stage('review', ['new', 'in_review', 'needs_info'], 3),
    stage('payment', ['awaiting_payment'], 0),
    stage('execution', ['in_progress', 'completed'], 4),
  ],
});

const USE_OPTIONS: [string, string, string][] = [
  ['residential', 'منزلي', 'Residential'],
  ['commercial', 'تجاري', 'Commercial'],
  ['administrative', 'إداري', 'Administrative'],
  ['agricultural', 'زراعي', 'Agricultural'],
];

const CONTRACT_TYPE_CHANGE = defineService({
  slug: 'CONTRACT_TYPE_CHANGE',
  type: 'request',
  categories: [CAT.contracts],
  release: '2024-06-15',
  cost: 250,
  days: 10,
  ar: {
    serviceLabel: 'تغيير نوع التعاقد من منزلي إلى تجاري',
    description:
      'تعديل نوع النشاط في عقد توريد التيار عند تحويل الوحدة من الاستخدام المنزلي إلى التجاري أو الإداري أو العكس، لتُحاسَب بالتعريفة الصحيحة.',
    steps: [
      'قدِّم الطلب موضحًا النشاط الجديد، وأرفق رخصة المحل أو السجل التجاري.',
      'يعاين الفريق الفني الوحدة للتحقق من النشاط الفعلي.',
      'سدِّد الرسوم وفرق التأمين.',
      'يُعدَّل عقد التوريد، وتُحاسَب الوحدة بتعريفة النشاط الجديد.',
    ],
    requiredPapers: [...papers('ar', 'nid', 'contract', 'lastBill'), 'رخصة المحل أو السجل التجاري للنشاط الجديد'],
    terms: [
      'يُعد استخدام العداد المنزلي في نشاط تجاري دون تعديل العقد مخالفة تستوجب المحاسبة بأثر رجعي.',
      ...terms('ar', 'arrears', 'truth'),
    ],
    faq: [
      {
        question: 'هل يتغير العداد عند تغيير النشاط؟',
        answer: 'لا يتغير غالبًا، إلا إذا تطلب النشاط الجديد قدرة أكبر، فيلزم حينها تقديم طلب زيادة القدرة.',
      },
      {
        question: 'هل يمكن الرجوع من تجاري إلى منزلي؟',
        answer: 'نعم، بالطلب نفسه بعد المعاينة التي تثبت توقف النشاط التجاري.',
      },
    ],
    costNote: 'الرسوم ٢٥٠ جنيهًا، ويُضاف فرق التأمين بحسب النشاط الجديد.',
  },
  en: {
    serviceLabel: 'Change of contract type from residential to commercial',
    description:
      'Change the type of use in the power supply contract when a unit turns from residential to commercial or administrative use, or back, so it is billed at the right tariff.',
    steps: [
      'File the request describing the new activity, and attach the shop licence or commercial register.',
      'The technical team inspects the unit to confirm the actual activity.',
      'Pay the fee and the deposit difference.',
      'The supply contract is amended and the unit is billed at the new tariff.',
    ],
    requiredPapers: [
      ...papers('en', 'nid', 'contract', 'lastBill'),
      'The shop licence or commercial register of the new activity',
    ],
    terms: [
      'Using a residential meter for a commercial activity without amending the contract is a violation charged retroactively.',
      ...terms('en', 'arrears', 'truth'),
    ],
    faq: [
      {
        question: 'Does the meter change with the type of use?',
        answer: 'Usually not, unless the new activity needs more load; then a load increase request is also needed.',
      },
      {
        question: 'Can I go back from commercial to residential?',
        answer: 'Yes, through the same request, after an inspection confirms that the commercial activity has stopped.',
      },
    ],
    costNote: 'The fee is EGP 250, plus the deposit difference for the new use.',
  },
  apply: [
    step('use', 'بيانات النشاط', 'Use details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      currentUse: selectField('النشاط الحالي', 'Current use', USE_OPTIONS),
      requestedUse: selectField('النشاط المطلوب', 'Requested use', USE_OPTIONS),
      activityDescription: textareaField('وصف النشاط الجديد', 'Description of the new activity', { min: 10, max: 500 }),
      shopLicense: textField('رقم رخصة المحل', 'Shop licence number', { optional: true, max: 30 }),
      documents: attachmentsField('رخصة المحل أو السجل التجاري', 'Shop licence or commercial register'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'awaiting_payment', 'in_progress', 'completed'], {
    labels: { in_review: l('قيد المعاينة', 'Under inspection'), completed: l('تم تعديل التعاقد', 'Contract amended') },
  }),
  stages: [
    stage('inspection', ['new', 'in_review', 'needs_info'], 5),
    stage('payment', ['awaiting_payment'], 0),
    stage('execution', ['in_progress', 'completed'], 5),
  ],
});

const CONTRACT_CANCELLATION = defineService({
  slug: 'CONTRACT_CANCELLATION',
  type: 'request',
  categories: [CAT.contracts],
  release: '2024-12-01',
  cost: 'free',
  days: 15,
  ar: {
    serviceLabel: 'إنهاء التعاقد واسترداد مبلغ التأمين',
    description:
      'إنهاء عقد توريد التيار الكهربائي ورفع العداد وإصدار التسوية النهائية، ثم استرداد مبلغ التأمين بعد خصم أي مستحقات.',
    steps: [
      'قدِّم الطلب ببيانات الاشتراك وطريقة استرداد التأمين.',
      'سدِّد الفواتير والمديونيات المستحقة حتى تاريخ الطلب.',
      'يرفع الفريق الفني العداد ويحرر محضرًا بالقراءة النهائية.',
      'تصدر تسوية نهائية للحساب.',
      'يُرد مبلغ التأمين بعد خصم أي مستحقات، بتحويل بنكي أو من خزينة مركز الخدمة.',
    ],
    requiredPapers: [...papers('ar', 'nid', 'contract', 'lastBill'), 'إيصال سداد مبلغ التأمين (إن وُجد)'],
    terms: [
      'يُرد التأمين لصاحب العقد أو ورثته أو وكيله بتوكيل رسمي.',
      'يُحسب التأمين المسترد وفق المبلغ المسدَّد فعليًا عند التعاقد مع خصم المستحقات.',
      ...terms('ar', 'arrears'),
    ],
    faq: [
      {
        question: 'كم يستغرق رد التأمين؟',
        answer: 'نحو ١٥ يومًا من تاريخ الطلب، تشمل رفع العداد وإصدار التسوية النهائية.',
      },
      {
        question: 'فقدت إيصال التأمين، فهل يمكنني استرداده؟',
        answer: 'نعم، يُسترد وفق المبلغ المسجَّل في ملف المشترك لدى شركة التوزيع.',
      },
    ],
  },
  en: {
    serviceLabel: 'Contract termination and deposit refund',
    description:
      'End the power supply contract, have the meter removed and the final settlement issued, then get the deposit back less any dues.',
    steps: [
      'File the request with the subscription details and how you want the deposit refunded.',
      'Pay the bills and arrears due up to the request date.',
      'The technical team removes the meter and records the final reading.',
      'A final settlement of the account is issued.',
      'The deposit is refunded less any dues, by bank transfer or at the service center cashier.',
    ],
    requiredPapers: [...papers('en', 'nid', 'contract', 'lastBill'), 'The deposit payment receipt (if available)'],
    terms: [
      'The deposit is refunded to the contract holder, their heirs, or an agent with an official power of attorney.',
      'The refund is based on the amount actually paid at contracting, less any dues.',
      ...terms('en', 'arrears'),
    ],
    faq: [
      {
        question: 'How long does the refund take?',
        answer: 'About 15 days from the request, including the meter removal and the final settlement.',
      },
      {
        question: 'I lost the deposit receipt. Can I still get it back?',
        answer: 'Yes, the refund follows the amount recorded in your subscriber file at the distribution company.',
      },
    ],
  },
  apply: [
    step('contract', 'بيانات التعاقد', 'Contract details', {
      applicantName: applicantNameField(),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      finalReading: numberField('القراءة الحالية للعداد', 'Current meter reading', { min: 0, optional: true, postfix: kwh }),
    }),
    step('refund', 'استرداد التأمين', 'Deposit refund', {
      refundMethod: radioField('طريقة الاسترداد', 'Refund method', [
        ['bank', 'تحويل بنكي', 'Bank transfer'],
        ['office', 'من خزينة مركز الخدمة', 'At the service center cashier'],
      ]),
      iban: textField('رقم الحساب الدولي (IBAN)', 'IBAN', {
        regExp: '^EG[0-9]{27}$',
        customRegexError: l(
          'رقم الحساب الدولي المصري يبدأ بـ EG ويليه ٢٧ رقمًا.',
          'An Egyptian IBAN starts with EG followed by 27 digits.',
        ),
        conditionalField: showWhen('refundMethod', 'bank'),
      }),
      documents: attachmentsField('عقد التوريد وإيصال التأمين', 'Supply contract and deposit receipt'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'in_progress', 'completed'], {
    labels: {
      in_progress: l('جارٍ رفع العداد والتسوية', 'Meter removal and settlement'),
      completed: l('تم رد التأمين', 'Deposit refunded'),
    },
  }),
  stages: [
    stage('review', ['new', 'in_review', 'needs_info'], 3),
    stage('execution', ['in_progress'], 7),
    stage('result', ['completed'], 5),
  ],
});

const CERT_PURPOSES: [string, string, string][] = [
  ['government', 'جهة حكومية', 'A government body'],
  ['bank', 'بنك', 'A bank'],
  ['court', 'محكمة', 'A court'],
  ['embassy', 'سفارة', 'An embassy'],
  ['other', 'أخرى', 'Other'],
];

const CCC = defineService({
  slug: 'CCC',
  type: 'request',
  categories: [CAT.documents, CAT.contracts],
  release: '2024-03-01',
  cost: 50,
  days: 3,
  ar: {
    serviceLabel: 'شهادة بيانات التعاقد',
    description:
      'شهادة رسمية ببيانات عقد توريد التيار الكهربائي: اسم المشترك، وعنوان التوريد، ونوع النشاط، والقدرة المتعاقد عليها، وتاريخ التعاقد، تُقدَّم إلى الجهات الحكومية والبنوك والمحاكم.',
    steps: [
      'قدِّم الطلب وحدِّد الجهة الموجَّهة إليها الشهادة.',
      'سدِّد رسوم الشهادة.',
      'حمِّل الشهادة موقَّعة إلكترونيًا ومزوَّدة برمز QR للتحقق، أو تسلَّمها من مركز الخدمة.',
    ],
    requiredPapers: papers('ar', 'nid', 'lastBill'),
    terms: ['تصدر الشهادة باسم المشترك المسجَّل أو لوكيله بتوكيل رسمي.', 'الشهادة صالحة لمدة ثلاثة أشهر من تاريخ إصدارها.'],
    faq: [
      {
        question: 'كيف تتحقق الجهة من صحة الشهادة؟',
        answer: 'بمسح رمز QR المطبوع على الشهادة، فتظهر بياناتها من البوابة مباشرةً.',
      },
      {
        question: 'هل يمكن طلب أكثر من نسخة؟',
        answer: 'نعم، حتى خمس نسخ في الطلب الواحد، موجهة إلى الجهة نفسها.',
      },
    ],
    costNote: 'رسوم الشهادة ٥٠ جنيهًا.',
  },
  en: {
    serviceLabel: 'Contract data certificate',
    description:
      'An official certificate of the power supply contract data: subscriber name, supply address, type of use, contracted load and contract date, for government bodies, banks and courts.',
    steps: [
      'File the request and name the body the certificate is addressed to.',
      'Pay the certificate fee.',
      'Download the certificate, signed electronically with a QR code for verification, or collect it at the service center.',
    ],
    requiredPapers: papers('en', 'nid', 'lastBill'),
    terms: [
      'The certificate is issued to the registered subscriber or their agent with an official power of attorney.',
      'The certificate is valid for three months from its issue date.',
    ],
    faq: [
      {
        question: 'How does the receiving body check the certificate?',
        answer: 'By scanning the QR code printed on it, which shows its data straight from the portal.',
      },
      {
        question: 'Can I ask for more than one copy?',
        answer: 'Yes, up to five copies per request, addressed to the same body.',
      },
    ],
    costNote: 'The certificate fee is EGP 50.',
  },
  apply: [
    step('certificate', 'بيانات الشهادة', 'Certificate details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField({ optional: true }),
      purpose: selectField('الجهة المقدَّم إليها', 'Submitted to', CERT_PURPOSES),
      otherPurpose: textField('الجهة (أخرى)', 'Body (other)', {
        min: 3,
        max: 100,
        conditionalField: showWhen('purpose', 'other'),
      }),
      addressedTo: textField('اسم الجهة كما يُكتب في الشهادة', 'Body name as it should appear on the certificate', {
        min: 3,
        max: 150,
      }),
      copies: numberField('عدد النسخ', 'Number of copies', { min: 1, max: 5 }),
      delivery: radioField('طريقة الاستلام', 'Delivery', [
        ['electronic', 'نسخة إلكترونية برمز QR', 'Electronic copy with a QR code'],
        ['office', 'من مركز الخدمة', 'At the service center'],
      ]),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'delivered'], {
    labels: {
      in_review: l('جارٍ إعداد الشهادة', 'Preparing the certificate'),
      delivered: l('تم إصدار الشهادة', 'Certificate issued'),
    },
  }),
  stages: [stage('submission', ['new', 'awaiting_payment'], 0), stage('issuance', ['in_review', 'needs_info', 'delivered'], 3)],
  dictionary: [
    ['QR', 'رمز التحقق', 'Verification code'],
    ['VALIDITY', 'صلاحية الشهادة ثلاثة أشهر', 'Certificate valid for three months'],
  ],
});

const NO_ARREARS_CERT = defineService({
  slug: 'NO_ARREARS_CERT',
  type: 'request',
  categories: [CAT.documents],
  release: '2025-06-01',
  cost: 50,
  days: 3,
  disabledOn: ['web'],
  ar: {
    serviceLabel: 'شهادة براءة ذمة من مستحقات الكهرباء',
    description:
      'شهادة تفيد سداد جميع مستحقات الكهرباء على العداد حتى تاريخ إصدارها، تُطلب عند بيع العقار أو استخراج التراخيص. تُقدَّم الخدمة حاليًا عبر تطبيق الهاتف المحمول ومراكز خدمة العملاء فقط.',
    steps: [
      'قدِّم الطلب من تطبيق الهاتف المحمول بالكود الموحد، وحدِّد الغرض من الشهادة.',
      'سدِّد رسوم الشهادة بعد التحقق من عدم وجود مستحقات.',
      'تسلَّم الشهادة إلكترونيًا مزوَّدة برمز QR للتحقق.',
    ],
    requiredPapers: papers('ar', 'nid', 'lastBill'),
    terms: [...terms('ar', 'arrears'), 'الشهادة صالحة لمدة ثلاثين يومًا من تاريخ إصدارها.'],
    faq: [
      {
        question: 'لماذا لا أستطيع تقديم الطلب من الموقع الإلكتروني؟',
        answer: 'الخدمة متاحة حاليًا من تطبيق الهاتف المحمول ومراكز خدمة العملاء فقط، وستُتاح على الموقع قريبًا.',
      },
      {
        question: 'هل تشمل الشهادة الفاتورة الحالية غير المستحقة بعد؟',
        answer: 'تُثبت الشهادة السداد حتى آخر فاتورة صادرة، ويُشترط سداد الفواتير الصادرة كلها.',
      },
    ],
    costNote: 'رسوم الشهادة ٥٠ جنيهًا.',
  },
  en: {
    serviceLabel: 'Certificate of no outstanding electricity dues',
    description:
      'A certificate that all electricity dues on the meter are paid up to its issue date, needed to sell a property or obtain permits. The service is currently offered on the mobile app and at customer service centers only.',
    steps: [
      'File the request on the mobile app with the combined code, and state the purpose of the certificate.',
      'Pay the certificate fee once it is confirmed that nothing is owed.',
      'Receive the certificate electronically, with a QR code for verification.',
    ],
    requiredPapers: papers('en', 'nid', 'lastBill'),
    terms: [...terms('en', 'arrears'), 'The certificate is valid for thirty days from its issue date.'],
    faq: [
      {
        question: 'Why can’t I apply on the website?',
        answer:
          'The service is currently available on the mobile app and at customer service centers only; it will open on the website soon.',
      },
      {
        question: 'Does the certificate cover the current bill that is not yet due?',
        answer: 'The certificate proves payment up to the last issued bill; all issued bills must be paid.',
      },
    ],
    costNote: 'The certificate fee is EGP 50.',
  },
  apply: [
    step('certificate', 'بيانات الشهادة', 'Certificate details', {
      subscriberCode: subscriberCodeField(),
      purpose: selectField('الغرض من الشهادة', 'Purpose of the certificate', [
        ['sale', 'بيع العقار', 'Sale of the property'],
        ['permit', 'استخراج ترخيص', 'Obtaining a permit'],
        ['termination', 'إنهاء التعاقد', 'Contract termination'],
        ['other', 'غرض آخر', 'Other purpose'],
      ]),
      addressedTo: textField('الجهة المقدَّم إليها', 'Submitted to', { min: 3, max: 150 }),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'delivered'], {
    labels: {
      in_review: l('جارٍ إعداد الشهادة', 'Preparing the certificate'),
      delivered: l('تم إصدار الشهادة', 'Certificate issued'),
    },
  }),
  stages: [stage('submission', ['new', 'awaiting_payment'], 0), stage('issuance', ['in_review', 'needs_info', 'delivered'], 3)],
});

const CONSUMPTION_STATEMENT = defineService({
  slug: 'CONSUMPTION_STATEMENT',
  type: 'request',
  categories: [CAT.documents, CAT.bills],
  release: '2025-06-01',
  cost: 'free',
  days: 2,
  ar: {
    serviceLabel: 'بيان استهلاك الكهرباء',
    description:
      'بيان بالاستهلاك الشهري وقيم الفواتير وحالة سدادها عن فترة تحددها، يُستخدم لمتابعة الاستهلاك أو لتقديمه إلى الجهات المختلفة.',
    steps: ['قدِّم الطلب وحدِّد الفترة المطلوبة (حتى ٢٤ شهرًا).', 'حمِّل البيان بالاستهلاك الشهري وقيم الفواتير عن الفترة المحددة.'],
    requiredPapers: ['الكود الموحد للمشترك'],
    terms: [
      'لا تتجاوز الفترة المطلوبة ٢٤ شهرًا في الطلب الواحد.',
      'يصدر البيان لصاحب الاشتراك أو لمن أضاف العداد إلى حسابه بعد اعتماده.',
    ],
    faq: [
      {
        question: 'هل البيان مختوم؟',
        answer: 'يصدر البيان موقَّعًا إلكترونيًا برمز QR، وهو مقبول لدى الجهات التي تعتمد التحقق الإلكتروني.',
      },
      {
        question: 'هل يمكن طلب بيان لفترة أطول من ٢٤ شهرًا؟',
        answer: 'نعم، بتقديم أكثر من طلب، لكل طلب فترة لا تتجاوز ٢٤ شهرًا.',
      },
    ],
  },
  en: {
    serviceLabel: 'Electricity consumption statement',
    description:
      'A statement of monthly consumption, bill amounts and payment status over a period you choose, to follow your consumption or to submit to other bodies.',
    steps: [
      'File the request and choose the period (up to 24 months).',
      'Download the statement of monthly consumption and bill amounts for that period.',
    ],
    requiredPapers: ['The subscriber combined code'],
    terms: [
      'One request covers at most 24 months.',
      'The statement is issued to the subscriber, or to whoever added the meter to their account once it was approved.',
    ],
    faq: [
      {
        question: 'Is the statement stamped?',
        answer: 'It is signed electronically with a QR code, which is accepted by bodies that verify documents electronically.',
      },
      {
        question: 'Can I get a statement for more than 24 months?',
        answer: 'Yes, by filing more than one request, each for at most 24 months.',
      },
    ],
  },
  apply: [
    step('period', 'الفترة المطلوبة', 'Period', {
      subscriberCode: subscriberCodeField(),
      fromMonth: dateField('من شهر', 'From month'),
      toMonth: dateField('إلى شهر', 'To month'),
      purpose: textField('الغرض من البيان', 'Purpose of the statement', { optional: true, max: 150 }),
    }),
  ],
  workflow: flow(['new', 'in_review', 'delivered'], { labels: { delivered: l('تم إصدار البيان', 'Statement issued') } }),
  stages: [stage('submission', ['new'], 0), stage('issuance', ['in_review', 'needs_info', 'delivered'], 2)],
});

export const contractServices: ServiceSeedWithoutOrder[] = [
  NAME_CHANGE,
  CONTRACT_TYPE_CHANGE,
  CONTRACT_CANCELLATION,
  CCC,
  NO_ARREARS_CERT,
  CONSUMPTION_STATEMENT,
];
