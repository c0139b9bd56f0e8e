import {
  CAT,
  DOCUMENT_TYPES,
  addressField,
  checkboxField,
  dateField,
  defineService,
  governorateField,
  imageField,
  l,
  locationField,
  meterNumberField,
  mobileField,
  radioField,
  selectField,
  serviceCenterField,
  showWhen,
  stage,
  step,
  textField,
  textareaField,
  familyWorkflow,
  type ServiceSeedWithoutOrder,
} from './services-common.ts';
import { ROLE, ROLES_FOR } from '../../../contract/roles.ts';

/* Faults, complaints and customer care: fault reports, street lighting, theft reports, support tickets, appointments. */

/** Staff who handle this family's requests move them (decision 036). */
const flow = familyWorkflow(ROLE.careRequests);

const FAULTS_COMPLAINTS = defineService({
  slug: 'FAULTS_COMPLAINTS',
  type: 'request',
  categories: [CAT.faults, CAT.care],
  release: '2024-03-01',
  cost: 'free',
  days: 1,
  allowAnonymous: true,
  ar: {
    serviceLabel: 'الأعطال والشكاوى',
    description:
      'أبلغ عن انقطاع التيار أو تذبذب الجهد أو الأسلاك المكشوفة أو أي عطل في الشبكة، أو قدِّم شكوى من الخدمة، دون الحاجة إلى تسجيل الدخول. في الحالات الخطرة اتصل فورًا بالخط الساخن ١٢١.',
    steps: [
      'حدِّد نوع العطل أو الشكوى ومكانه بدقة.',
      'يتوجه فريق الطوارئ إلى الموقع، وتُحال الشكاوى إلى الإدارة المختصة.',
      'تتلقى رسالة بنتيجة المعالجة، ويمكنك تقييم الخدمة.',
    ],
    requiredPapers: ['لا يلزم تقديم مستندات، ويُفضَّل إرفاق صورة للعطل'],
    terms: [
      'لا تقترب من الأسلاك المقطوعة ولا تلمس المعدات الكهربائية المعطلة.',
      'تعرِّض البلاغات الكيدية أو غير الصحيحة أصحابها للمساءلة القانونية.',
    ],
    faq: [
      {
        question: 'متى يصل فريق الطوارئ؟',
        answer: 'تُعالج أعطال انقطاع التيار عادةً خلال ساعات من البلاغ، وتُعطى الأولوية للحالات التي تمثل خطرًا على الأرواح.',
      },
      {
        question: 'هل يمكنني متابعة البلاغ دون حساب؟',
        answer: 'نعم، برقم البلاغ الذي يظهر بعد الإرسال، وبالرسائل النصية على رقم الهاتف المحمول الذي أدخلته.',
      },
      {
        question: 'ما الحالات التي أتصل فيها بالخط الساخن بدلًا من البلاغ الإلكتروني؟',
        answer: 'الحرائق والأسلاك المقطوعة على الأرض والشرر من الأكشاك أو الأعمدة: اتصل فورًا بالرقم ١٢١.',
      },
    ],
  },
  en: {
    serviceLabel: 'Faults and complaints',
    description:
      'Report a power cut, voltage fluctuation, exposed wires or any network fault, or file a complaint about the service, without logging in. In dangerous cases call the 121 hotline at once.',
    steps: [
      'Choose the type of fault or complaint and give its exact location.',
      'The emergency team goes to the site; complaints are passed to the department concerned.',
      'You receive a message with the outcome and can rate the service.',
    ],
    requiredPapers: ['No documents are needed; a picture of the fault helps'],
    terms: [
      'Do not go near cut wires and do not touch faulty electrical equipment.',
      'False or malicious reports expose their authors to legal action.',
    ],
    faq: [
      {
        question: 'When will the emergency team arrive?',
        answer: 'Power cuts are usually handled within hours of the report, with priority for cases that endanger lives.',
      },
      {
        question: 'Can I follow my report without an account?',
        answer: 'Yes, with the report number shown after sending it, and through text messages to the mobile number you entered.',
      },
      {
        question: 'When should I call the hotline instead of reporting online?',
        answer: 'For fires, wires lying on the ground and sparks from kiosks or poles: call 121 immediately.',
      },
    ],
  },
  apply: [
    step('fault', 'بيانات العطل أو الشكوى', 'Fault or complaint', {
      faultType: selectField('النوع', 'Type', [
        ['building_outage', 'انقطاع التيار عن المبنى', 'Power cut in the building'],
        ['area_outage', 'انقطاع التيار عن المنطقة', 'Power cut in the area'],
        ['voltage', 'تذبذب أو انخفاض الجهد', 'Voltage fluctuation or drop'],
        ['danger', 'شرر أو أسلاك مكشوفة أو ساقطة', 'Sparks, or exposed or fallen wires'],
        ['meter', 'عطل في العداد', 'Meter fault'],
        ['kiosk', 'كشك أو صندوق توزيع تالف', 'Damaged kiosk or distribution box'],
        ['service', 'شكوى من مستوى الخدمة', 'Complaint about the service'],
        ['other', 'أخرى', 'Other'],
      ]),
      otherType: textField('النوع (أخرى)', 'Type (other)', {
        min: 3,
        max: 100,
        conditionalField: showWhen('faultType', 'other'),
      }),
      description: textareaField('الوصف', 'Description', {
        min: 10,
        max: 1000,
        placeholder: l('صف العطل أو الشكوى بإيجاز', 'Briefly describe the fault or complaint'),
      }),
      governorate: governorateField(),
      address: addressField(),
      location: locationField(),
      meterNumber: meterNumberField({ optional: true }),
      photo: imageField('صورة للعطل', 'Picture of the fault', { optional: true }),
    }),
    step('contact', 'بيانات التواصل', 'Contact details', {
      reporterName: textField('الاسم', 'Name', { optional: true, max: 100, profile: { from: 'fullName' } }),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'in_progress', 'resolved'], {
    review: 'new',
    labels: { in_progress: l('جارٍ الإصلاح', 'Being repaired'), resolved: l('تمت المعالجة', 'Resolved') },
  }),
  stages: [stage('submission', ['new', 'needs_info'], 0), stage('resolution', ['in_progress', 'resolved'], 1)],
  dictionary: [
    ['EMERGENCY', 'طوارئ', 'Emergency'],
    ['HOTLINE', 'الخط الساخن ١٢١', 'Hotline 121'],
  ],
});

const STREET_LIGHTING = defineService({
  slug: 'STREET_LIGHTING',
  type: 'request',
  categories: [CAT.faults],
  release: '2024-10-15',
  cost: 'free',
  days: 3,
  ar: {
    serviceLabel: 'بلاغ عن عطل في الإنارة العامة',
    description:
      'أبلغ عن أعمدة الإنارة المطفأة ليلًا أو المضاءة نهارًا، أو الأعمدة التالفة والأسلاك المكشوفة في الشوارع، ليُحال البلاغ إلى فريق الإنارة العامة بالقطاع المختص.',
    steps: [
      'حدِّد نوع العطل وموقع عمود الإنارة.',
      'يُحال البلاغ إلى فريق الإنارة العامة بالقطاع المختص.',
      'يُصلح العطل، وتتلقى رسالة بذلك.',
    ],
    requiredPapers: ['لا يلزم تقديم مستندات'],
    terms: ['يُفضَّل تحديد الموقع على الخريطة أو رقم العمود لتسريع الإصلاح.', 'لا تحاول إصلاح العمود أو لمس أسلاكه.'],
    faq: [
      {
        question: 'أين أجد رقم عمود الإنارة؟',
        answer: 'يُكتب عادةً على لوحة معدنية أو بالطلاء على جسم العمود على ارتفاع مترين تقريبًا.',
      },
      {
        question: 'الإضاءة تعمل نهارًا، فهل أُبلغ عنها؟',
        answer: 'نعم، فذلك إهدار للطاقة، ويُعالج بضبط مفتاح التشغيل أو الخلية الضوئية.',
      },
    ],
  },
  en: {
    serviceLabel: 'Street lighting fault report',
    description:
      'Report street lights that are off at night or on during the day, damaged poles or exposed wires in the streets; the report goes to the public lighting team of the sector concerned.',
    steps: [
      'Choose the type of fault and the location of the lamp post.',
      'The report is passed to the public lighting team of the sector concerned.',
      'The fault is repaired and you receive a message.',
    ],
    requiredPapers: ['No documents are needed'],
    terms: [
      'Pinning the location on the map or giving the pole number speeds up the repair.',
      'Do not try to repair the pole or touch its wires.',
    ],
    faq: [
      {
        question: 'Where do I find the pole number?',
        answer: 'It is usually on a metal plate or painted on the pole about two metres above the ground.',
      },
      {
        question: 'The lights are on during the day. Should I report it?',
        answer: 'Yes, it wastes energy; it is fixed by adjusting the switch or the light sensor.',
      },
    ],
  },
  apply: [
    step('lighting', 'بيانات البلاغ', 'Report details', {
      issueType: selectField('نوع العطل', 'Type of fault', [
        ['off_at_night', 'الإنارة مطفأة ليلًا', 'Lights off at night'],
        ['on_in_daytime', 'الإنارة مضاءة نهارًا', 'Lights on during the day'],
        ['flickering', 'إضاءة متقطعة', 'Flickering light'],
        ['damaged_pole', 'عمود مائل أو تالف', 'Leaning or damaged pole'],
        ['exposed_wires', 'أسلاك مكشوفة', 'Exposed wires'],
      ]),
      governorate: governorateField(),
      address: addressField({ label: l('العنوان أو أقرب علامة مميزة', 'Address or nearest landmark') }),
      poleNumber: textField('رقم العمود', 'Pole number', { optional: true, max: 20 }),
      location: locationField(),
      photo: imageField('صورة', 'Picture', { optional: true }),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'in_progress', 'resolved'], {
    review: 'new',
    labels: { in_progress: l('جارٍ الإصلاح', 'Being repaired'), resolved: l('تم الإصلاح', 'Repaired') },
  }),
  stages: [stage('submission', ['new', 'needs_info'], 1), stage('resolution', ['in_progress', 'resolved'], 2)],
});

const ELECTRICITY_THEFT_REPORT = defineService({
  slug: 'ELECTRICITY_THEFT_REPORT',
  type: 'request',
  categories: [CAT.faults],
  release: '2025-02-15',
  cost: 'free',
  days: 7,
  ar: {
    serviceLabel: 'الإبلاغ عن سرقة التيار الكهربائي',
    description:
      'أبلغ عن التوصيلات المباشرة غير القانونية بالشبكة أو العبث بالعدادات، حفاظًا على الشبكة وسلامة المواطنين. تُعامل بيانات المُبلِّغ بسرية تامة.',
    steps: [
      'حدِّد نوع المخالفة وعنوانها بدقة.',
      'تتحقق إدارة الضبطية القضائية من البلاغ ميدانيًا.',
      'تُتخذ الإجراءات القانونية، مع الحفاظ على سرية بيانات المُبلِّغ.',
    ],
    requiredPapers: ['لا يلزم تقديم مستندات، ويمكن إرفاق صور إن أمكن دون تعريض نفسك للخطر'],
    terms: ['تُحفظ بيانات المُبلِّغ بسرية تامة ولا يُفصح عنها.', 'تعرِّض البلاغات الكيدية أصحابها للمساءلة القانونية.'],
    faq: [
      {
        question: 'هل يُكشف اسمي للمخالف؟',
        answer: 'لا، تُحفظ بيانات المُبلِّغ بسرية تامة، وتُستخدم فقط للتواصل معك إذا وافقت على ذلك.',
      },
      {
        question: 'ماذا يحدث بعد البلاغ؟',
        answer: 'تعاين إدارة الضبطية القضائية الموقع، وتحرر محضرًا عند ثبوت المخالفة، وتُحاسَب الكميات المسروقة وفق القانون.',
      },
    ],
  },
  en: {
    serviceLabel: 'Report electricity theft',
    description:
      'Report illegal direct connections to the network or meter tampering, to protect the network and people’s safety. The reporter’s data is kept strictly confidential.',
    steps: [
      'Choose the type of violation and give its exact address.',
      'The judicial enforcement department checks the report on site.',
      'Legal action is taken, and the reporter’s identity stays confidential.',
    ],
    requiredPapers: ['No documents are needed; you may attach pictures if you can do so without putting yourself at risk'],
    terms: [
      'The reporter’s data is kept strictly confidential and never disclosed.',
      'Malicious reports expose their authors to legal action.',
    ],
    faq: [
      {
        question: 'Will the offender learn my name?',
        answer: 'No. The reporter’s data is strictly confidential and only used to contact you if you agree.',
      },
      {
        question: 'What happens after the report?',
        answer:
          'The judicial enforcement department inspects the site, writes a report if the violation is confirmed, and the stolen energy is charged under the law.',
      },
    ],
  },
  apply: [
    step('report', 'بيانات البلاغ', 'Report details', {
      theftType: selectField('نوع المخالفة', 'Type of violation', [
        ['direct', 'توصيل مباشر بالشبكة دون عداد', 'Direct connection to the network without a meter'],
        ['tampering', 'عبث بالعداد', 'Meter tampering'],
        ['bypass', 'توصيل يتخطى العداد', 'Wiring that bypasses the meter'],
        ['code_misuse', 'توصيل وحدات أخرى على عداد كودي', 'Other units connected to a code meter'],
      ]),
      governorate: governorateField(),
      address: addressField(),
      location: locationField(),
      description: textareaField('الوصف', 'Description', { min: 10, max: 1000 }),
      photos: imageField('صور', 'Pictures', { optional: true, multiple: true }),
      contactMe: checkboxField('أوافق على التواصل معي بشأن البلاغ', 'I agree to be contacted about this report', {
        optional: true,
      }),
      mobile: mobileField({ conditionalField: showWhen('contactMe', true) }),
    }),
  ],
  workflow: flow(['new', 'in_review', 'in_progress', 'completed'], {
    labels: { in_progress: l('جارٍ الفحص الميداني', 'Field check'), completed: l('تم اتخاذ الإجراء', 'Action taken') },
  }),
  stages: [stage('review', ['new', 'in_review', 'needs_info'], 2), stage('inspection', ['in_progress', 'completed'], 5)],
});

const TICKETS = defineService({
  slug: 'tickets',
  type: 'ticket',
  categories: [CAT.care],
  release: '2024-03-01',
  cost: 'free',
  days: 2,
  ar: {
    serviceLabel: 'تذاكر الدعم الفني',
    description:
      'تواصل مع فريق الدعم الفني للبوابة بشأن مشكلات الحساب أو الدفع أو متابعة الطلبات. يعمل الدعم الفني يوميًا من الساعة ٨:٠٠ صباحًا حتى ١٢:٠٠ منتصف الليل.',
    steps: [
      'اكتب موضوع التذكرة واختر تصنيفها.',
      'صِف المشكلة بالتفصيل، وأرفق صورة للشاشة إن وُجدت.',
      'يرد فريق الدعم الفني خلال يومي عمل، وتتابع الرد من صفحة التذكرة.',
    ],
    requiredPapers: ['رقم الطلب أو عملية الدفع محل الاستفسار، إن وُجد'],
    terms: [
      'تُغلق التذكرة تلقائيًا إذا لم يصل ردك على طلب الاستيضاح خلال سبعة أيام.',
      'لا تكتب كلمة المرور أو بيانات بطاقتك البنكية في التذكرة.',
    ],
    faq: [
      {
        question: 'ما مواعيد عمل الدعم الفني؟',
        answer: 'يوميًا من الساعة ٨:٠٠ صباحًا حتى ١٢:٠٠ منتصف الليل، ويمكنك الاتصال أيضًا بالخط الساخن ١٢١.',
      },
      {
        question: 'هل التذكرة بديل عن بلاغ الأعطال؟',
        answer:
          'لا، التذاكر لمشكلات البوابة والحساب والدفع. أما أعطال الكهرباء فتُبلَّغ من خدمة «الأعطال والشكاوى» أو بالاتصال بالرقم ١٢١.',
      },
    ],
  },
  en: {
    serviceLabel: 'Support tickets',
    description:
      'Contact the portal’s technical support team about account, payment or request follow-up problems. Technical support works every day from 8:00 to 24:00.',
    steps: [
      'Write the ticket subject and choose its category.',
      'Describe the problem in detail, and attach a screenshot if you have one.',
      'The technical support team replies within two working days; follow the reply on the ticket page.',
    ],
    requiredPapers: ['The request or payment number concerned, if any'],
    terms: [
      'A ticket is closed automatically if your answer to a clarification request does not arrive within seven days.',
      'Never write your password or bank card details in a ticket.',
    ],
    faq: [
      {
        question: 'When is technical support available?',
        answer: 'Every day from 8:00 to 24:00; you can also call the 121 hotline.',
      },
      {
        question: 'Is a ticket the way to report a power fault?',
        answer:
          'No. Tickets are for portal, account and payment problems. Report power faults through “Faults and complaints” or by calling 121.',
      },
    ],
  },
  apply: [
    step('ticket', 'التذكرة', 'Ticket', {
      subject: textField('الموضوع', 'Subject', { min: 5, max: 120 }),
      category: selectField('التصنيف', 'Category', [
        ['account', 'الحساب وتسجيل الدخول', 'Account and login'],
        ['payment', 'الدفع والفواتير', 'Payments and bills'],
        ['request', 'متابعة طلب', 'Request follow-up'],
        ['technical', 'مشكلة تقنية في البوابة', 'Technical problem on the portal'],
        ['suggestion', 'اقتراح', 'Suggestion'],
      ]),
      relatedRequest: textField('رقم الطلب المرتبط', 'Related request number', { optional: true, max: 30 }),
      message: textareaField('الرسالة', 'Message', { min: 20, max: 2000 }),
      screenshot: { type: 'file', label: l('صورة للشاشة', 'Screenshot'), optional: true, accept: [...DOCUMENT_TYPES] },
    }),
  ],
  workflow: flow(['new', 'in_progress', 'closed'], {
    review: 'in_progress',
    staffRoles: [...ROLES_FOR.tickets],
    labels: {
      in_progress: l('قيد المعالجة', 'Being handled'),
      needs_info: l('في انتظار ردك', 'Awaiting your reply'),
      closed: l('مغلقة', 'Closed'),
    },
  }),
  stages: [stage('submission', ['new'], 0), stage('resolution', ['in_progress', 'needs_info', 'closed'], 2)],
  dictionary: [
    ['SUPPORT_HOURS', 'الدعم الفني من ٨:٠٠ حتى ٢٤:٠٠', 'Technical support from 8:00 to 24:00'],
    ['HOTLINE', 'الخط الساخن ١٢١', 'Hotline 121'],
  ],
});

const APPOINTMENT_BOOKING = defineService({
  slug: 'APPOINTMENT_BOOKING',
  type: 'request',
  categories: [CAT.care],
  release: '2025-01-01',
  cost: 'free',
  days: 1,
  deactivated: true,
  ar: {
    serviceLabel: 'حجز موعد في مركز خدمة العملاء',
    description:
      'احجز موعدًا لزيارة مركز خدمة العملاء لتجنب الانتظار. الخدمة متوقفة مؤقتًا لتطويرها، ويمكنك زيارة أي مركز خدمة من الساعة ٩:٠٠ صباحًا حتى ٥:٠٠ مساءً عدا يوم الجمعة.',
    steps: [
      'اختر المحافظة ومركز الخدمة والغرض من الزيارة.',
      'اختر اليوم والفترة المناسبين.',
      'احضر في موعدك ومعك رقم الحجز والمستندات المطلوبة.',
    ],
    requiredPapers: ['المستندات الخاصة بالخدمة المطلوبة في الزيارة'],
    terms: ['يُلغى الحجز إذا تأخرت عن موعدك أكثر من ١٥ دقيقة.', 'لا يجوز حجز أكثر من موعد واحد في اليوم نفسه.'],
    faq: [
      {
        question: 'متى تعود الخدمة؟',
        answer: 'سيُعلن عن عودة الخدمة في قسم الأخبار، وحتى ذلك الحين يمكنك زيارة مراكز الخدمة في مواعيد العمل دون حجز.',
      },
      {
        question: 'ما مواعيد عمل مراكز الخدمة؟',
        answer: 'من الساعة ٩:٠٠ صباحًا حتى ٥:٠٠ مساءً يوميًا عدا يوم الجمعة.',
      },
    ],
  },
  en: {
    serviceLabel: 'Book a customer service center appointment',
    description:
      'Book a visit to a customer service center to avoid waiting. The service is temporarily suspended while it is improved; you can visit any service center from 9:00 to 17:00, every day except Friday.',
    steps: [
      'Choose the governorate, the service center and the purpose of the visit.',
      'Choose a suitable day and time.',
      'Come on time with your booking number and the required documents.',
    ],
    requiredPapers: ['The documents of the service you are visiting for'],
    terms: ['A booking is cancelled if you are more than 15 minutes late.', 'Only one booking per day is allowed.'],
    faq: [
      {
        question: 'When will the service be back?',
        answer:
          'Its return will be announced in the news section; until then you can visit service centers during working hours without booking.',
      },
      {
        question: 'What are the service centers’ hours?',
        answer: 'From 9:00 to 17:00 every day except Friday.',
      },
    ],
  },
  apply: [
    step('appointment', 'الموعد', 'Appointment', {
      governorate: governorateField(),
      serviceCenter: serviceCenterField(),
      purpose: selectField('الغرض من الزيارة', 'Purpose of the visit', [
        ['contract', 'تعاقد جديد', 'New contract'],
        ['payment', 'سداد', 'Payment'],
        ['card', 'كارت الشحن', 'Charge card'],
        ['complaint', 'شكوى', 'Complaint'],
        ['documents', 'تسليم مستندات', 'Handing in documents'],
      ]),
      preferredDate: dateField('اليوم', 'Day'),
      preferredPeriod: radioField('الفترة', 'Time', [
        ['morning', 'من ٩:٠٠ حتى ١٣:٠٠', '9:00 to 13:00'],
        ['afternoon', 'من ١٣:٠٠ حتى ١٧:٠٠', '13:00 to 17:00'],
      ]),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'approved', 'completed'], {
    labels: { approved: l('تم تأكيد الموعد', 'Appointment confirmed'), completed: l('تمت الزيارة', 'Visit done') },
  }),
  stages: [stage('submission', ['new', 'needs_info'], 0), stage('result', ['approved', 'completed'], 1)],
});

export const careServices: ServiceSeedWithoutOrder[] = [
  FAULTS_COMPLAINTS,
  STREET_LIGHTING,
  ELECTRICITY_THEFT_REPORT,
  TICKETS,
  APPOINTMENT_BOOKING,
];
