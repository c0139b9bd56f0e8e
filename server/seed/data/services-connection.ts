import {
  CAT,
  CONNECTION_TYPES,
  addressField,
  applicantNameField,
  attachmentsField,
  dateField,
  defineService,
  emailField,
  governorateField,
  kw,
  l,
  locationField,
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

/* Power connection: investment projects, small and medium enterprises, construction sites, load increase, solar, EV chargers. */

/** Staff who handle this family's requests move them (decision 036). */
const flow = familyWorkflow(ROLE.connectionRequests);

const POWER_INVESTMENT = defineService({
  slug: 'POWER_INVESTMENT',
  type: 'request',
  categories: [CAT.connection],
  release: '2024-04-15',
  cost: 5000,
  days: 60,
  ar: {
    serviceLabel: 'توصيل التيار الكهربائي للمشروعات الاستثمارية',
    description:
      'تقديم طلبات توصيل التيار للمصانع والمشروعات السياحية والتجارية والمجمعات السكنية الكبرى على الجهد المنخفض أو المتوسط أو العالي، مع دراسة الأحمال وتحديد نقطة الاتصال بالشبكة.',
    steps: [
      'قدِّم الطلب ببيانات الشركة والمشروع والأحمال المطلوبة، وأرفق المستندات.',
      'سدِّد رسوم دراسة الطلب.',
      'تدرس الشركة الأحمال، وتحدد جهد التغذية ونقطة الاتصال بالشبكة.',
      'تتسلم الموافقة الفنية والمقايسة متضمنةً تكلفة المحولات والكابلات، وتسددها في مركز الخدمة أو بتحويل بنكي.',
      'ينفِّذ المستثمر الشبكة الداخلية وغرفة المحولات وفق المواصفات المعتمدة.',
      'تُختبر الأعمال ويُوقَّع عقد التوريد ويُوصَّل التيار.',
    ],
    requiredPapers: [
      ...papers('ar', 'commercial'),
      'صورة الرخصة أو الموافقة الصادرة من الهيئة العامة للاستثمار والمناطق الحرة أو جهة الولاية',
      'لوحة الموقع العام للمشروع معتمدة',
      'بيان بالأحمال المطلوبة موقَّع من مهندس استشاري',
      'تفويض الممثل القانوني للشركة وصورة بطاقته',
    ],
    terms: [
      'تُحدَّد قيمة المقايسة وفق القدرة المطلوبة وجهد التغذية، وتُسدَّد قبل بدء التنفيذ.',
      'تُنفَّذ الأعمال الداخلية بمعرفة مقاول معتمد وتحت إشراف شركة التوزيع.',
      ...terms('ar', 'claim', 'truth'),
    ],
    faq: [
      {
        question: 'ما الجهد الذي يُغذى عليه المشروع؟',
        answer:
          'يتحدد بحسب إجمالي الأحمال: الجهد المنخفض للأحمال الصغيرة، والجهد المتوسط (١١ أو ٢٢ ك.ف) للأحمال المتوسطة، والجهد العالي للأحمال الكبيرة جدًا.',
      },
      {
        question: 'هل يمكن توصيل التيار على مراحل؟',
        answer: 'نعم، يمكن الاتفاق على مراحل تغذية تتناسب مع الجدول الزمني لتشغيل المشروع.',
      },
    ],
    costNote: 'رسوم دراسة الطلب ٥٬٠٠٠ جنيه. تُحدَّد قيمة المقايسة بعد الدراسة الفنية وتُسدَّد بمركز الخدمة أو بتحويل بنكي.',
  },
  en: {
    serviceLabel: 'Power connection for investment projects',
    description:
      'Apply for power connections for factories, tourism and commercial projects and large residential compounds at low, medium or high voltage, with a load study and a connection point on the grid.',
    steps: [
      'File the request with the company, project and load details, and attach the documents.',
      'Pay the request study fee.',
      'The company studies the loads and sets the supply voltage and the connection point on the grid.',
      'Receive the technical approval and the estimate, including transformers and cables, and pay it at a service center or by bank transfer.',
      'The investor builds the internal network and the transformer room to the approved specifications.',
      'The works are tested, the supply contract is signed and power is connected.',
    ],
    requiredPapers: [
      ...papers('en', 'commercial'),
      'A copy of the licence or approval from the General Authority for Investment and Free Zones or the competent authority',
      'An approved general site plan of the project',
      'A load schedule signed by a consulting engineer',
      'The authorisation of the company’s legal representative and a copy of their ID',
    ],
    terms: [
      'The estimate depends on the requested load and the supply voltage, and is paid before work starts.',
      'Internal works are carried out by an accredited contractor under the distribution company’s supervision.',
      ...terms('en', 'claim', 'truth'),
    ],
    faq: [
      {
        question: 'At what voltage will the project be supplied?',
        answer:
          'It depends on the total load: low voltage for small loads, medium voltage (11 or 22 kV) for medium loads, and high voltage for very large loads.',
      },
      {
        question: 'Can power be connected in phases?',
        answer: 'Yes, supply phases can be agreed to match the project’s operating schedule.',
      },
    ],
    costNote:
      'The request study fee is EGP 5,000. The estimate is set after the technical study and paid at a service center or by bank transfer.',
  },
  apply: [
    step('company', 'بيانات الشركة', 'Company details', {
      companyName: textField('اسم الشركة', 'Company name', { min: 3, max: 150, showColumn: true, searchField: true }),
      commercialRegister: textField('رقم السجل التجاري', 'Commercial register number', { min: 3, max: 30 }),
      taxCardNumber: textField('رقم البطاقة الضريبية', 'Tax card number', {
        regExp: '^[0-9]{9}$',
        customRegexError: l('رقم البطاقة الضريبية ٩ أرقام.', 'The tax card number is 9 digits.'),
      }),
      legalRepName: applicantNameField({ label: l('اسم الممثل القانوني', 'Legal representative’s name'), profile: undefined }),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      email: emailField({ optional: false }),
    }),
    step('project', 'بيانات المشروع', 'Project details', {
      projectType: selectField('نوع المشروع', 'Project type', [
        ['industrial', 'صناعي', 'Industrial'],
        ['tourism', 'سياحي', 'Tourism'],
        ['commercial', 'تجاري', 'Commercial'],
        ['compound', 'مجمع سكني', 'Residential compound'],
        ['agricultural', 'زراعي', 'Agricultural'],
        ['other', 'أخرى', 'Other'],
      ]),
      otherProjectType: textField('نوع المشروع (أخرى)', 'Project type (other)', {
        min: 3,
        max: 100,
        conditionalField: showWhen('projectType', 'other'),
      }),
      governorate: governorateField(),
      address: addressField(),
      location: locationField({ optional: false }),
      voltageLevel: radioField('جهد التغذية المطلوب', 'Requested supply voltage', [
        ['low', 'جهد منخفض (٣٨٠ فولت)', 'Low voltage (380 V)'],
        ['medium', 'جهد متوسط (١١ أو ٢٢ ك.ف)', 'Medium voltage (11 or 22 kV)'],
        ['high', 'جهد عالٍ (٦٦ ك.ف فأكثر)', 'High voltage (66 kV and above)'],
      ]),
      totalLoad: numberField('إجمالي القدرة المطلوبة', 'Total requested load', { min: 50, max: 500000, postfix: kw }),
      operationDate: dateField('التاريخ المتوقع لبدء التشغيل', 'Expected start of operation'),
      loads: {
        type: 'list',
        label: l('بيان الأحمال', 'Load schedule'),
        min: 1,
        max: 50,
        schema: {
          equipment: textField('المعدة أو الاستخدام', 'Equipment or use', { min: 2, max: 100 }),
          quantity: numberField('العدد', 'Quantity', { min: 1, max: 10000 }),
          loadKw: numberField('قدرة الوحدة', 'Load per unit', { min: 0.1, max: 100000, postfix: kw }),
        },
      },
    }),
    step('documents', 'المستندات', 'Documents', {
      siteLayout: attachmentsField('لوحة الموقع العام', 'General site plan'),
      license: attachmentsField('الرخصة أو الموافقة الاستثمارية', 'Investment licence or approval'),
      companyDocuments: attachmentsField(
        'السجل التجاري والبطاقة الضريبية وتفويض الممثل القانوني',
        'Commercial register, tax card and legal representative’s authorisation',
      ),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'approved', 'in_progress', 'connected'], {
    labels: {
      in_review: l('قيد الدراسة الفنية', 'Technical study'),
      approved: l('تمت الموافقة الفنية – صدرت المقايسة', 'Technically approved – estimate issued'),
      in_progress: l('جارٍ تنفيذ الأعمال', 'Works in progress'),
    },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 1),
    stage('review', ['in_review', 'needs_info'], 14),
    stage('execution', ['approved', 'in_progress'], 40),
    stage('connection', ['connected'], 5),
  ],
  dictionary: [
    ['STUDY_FEE', 'رسوم دراسة الطلب', 'Request study fee'],
    ['MV', 'الجهد المتوسط', 'Medium voltage'],
    ['HV', 'الجهد العالي', 'High voltage'],
  ],
});

const POWER_SME = defineService({
  slug: 'POWER_SME',
  type: 'request',
  categories: [CAT.connection],
  release: '2024-04-15',
  cost: 750,
  days: 30,
  ar: {
    serviceLabel: 'توصيل التيار للمشروعات الصغيرة والمتوسطة',
    description:
      'توصيل التيار الكهربائي للورش والمصانع الصغيرة والمحال والعيادات وغيرها من المشروعات الصغيرة والمتوسطة، بإجراءات ميسرة للمشروعات المسجلة لدى جهاز تنمية المشروعات المتوسطة والصغيرة ومتناهية الصغر.',
    steps: [
      'قدِّم الطلب ببيانات النشاط والأحمال، وأرفق المستندات.',
      'سدِّد رسوم المعاينة.',
      'يعاين الفريق الفني الموقع ويُعد المقايسة خلال ٧ أيام عمل.',
      'سدِّد قيمة المقايسة ووقِّع عقد التوريد في مركز الخدمة.',
      'يُركَّب العداد ويُوصَّل التيار.',
    ],
    requiredPapers: [
      ...papers('ar', 'nid', 'tenure', 'commercial'),
      'شهادة تسجيل المشروع لدى جهاز تنمية المشروعات (إن وُجدت)',
      'رخصة مزاولة النشاط أو ما يفيد التقدم بطلبها',
    ],
    terms: ['يجب أن يتوافق النشاط مع ترخيص المكان واشتراطات الحماية المدنية.', ...terms('ar', 'claim', 'truth')],
    faq: [
      {
        question: 'ما المقصود بالمشروع الصغير أو المتوسط؟',
        answer:
          'المشروع الذي تنطبق عليه معايير جهاز تنمية المشروعات من حيث حجم الأعمال أو رأس المال، ولا يتجاوز حمله عادةً ٥٠٠ كيلووات.',
      },
      {
        question: 'هل توجد تيسيرات للمشروعات المسجلة بالجهاز؟',
        answer: 'نعم، تُعطى أولوية في المعاينة، ويمكن تقسيط جزء من قيمة المقايسة وفق البروتوكولات السارية.',
      },
    ],
    costNote: 'رسوم المعاينة ٧٥٠ جنيهًا، وتُحدَّد قيمة المقايسة بعد المعاينة.',
  },
  en: {
    serviceLabel: 'Power connection for small and medium enterprises',
    description:
      'Connect power to workshops, small factories, shops, clinics and other small and medium enterprises, with simplified procedures for businesses registered with the Micro, Small and Medium Enterprise Development Agency.',
    steps: [
      'File the request with the business and load details, and attach the documents.',
      'Pay the inspection fee.',
      'The technical team inspects the site and prepares the estimate within 7 working days.',
      'Pay the estimate and sign the supply contract at the service center.',
      'The meter is installed and power connected.',
    ],
    requiredPapers: [
      ...papers('en', 'nid', 'tenure', 'commercial'),
      'The business registration certificate from the MSME Development Agency (if any)',
      'The activity licence, or proof that it has been applied for',
    ],
    terms: [
      'The activity must match the premises licence and the civil protection requirements.',
      ...terms('en', 'claim', 'truth'),
    ],
    faq: [
      {
        question: 'What counts as a small or medium enterprise?',
        answer:
          'A business meeting the MSME Development Agency’s criteria on turnover or capital, usually with a load of no more than 500 kW.',
      },
      {
        question: 'Are there facilities for businesses registered with the agency?',
        answer: 'Yes: priority inspection, and part of the estimate may be paid in instalments under the protocols in force.',
      },
    ],
    costNote: 'The inspection fee is EGP 750; the estimate is set after the inspection.',
  },
  apply: [
    step('applicant', 'بيانات مقدم الطلب', 'Applicant details', {
      applicantName: applicantNameField(),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      email: emailField(),
    }),
    step('business', 'بيانات النشاط', 'Business details', {
      activityType: selectField('نوع النشاط', 'Type of business', [
        ['workshop', 'ورشة', 'Workshop'],
        ['small_factory', 'مصنع صغير', 'Small factory'],
        ['shop', 'محل تجاري', 'Shop'],
        ['clinic', 'عيادة أو مركز طبي', 'Clinic or medical center'],
        ['bakery', 'مخبز', 'Bakery'],
        ['other', 'أخرى', 'Other'],
      ]),
      otherActivity: textField('نوع النشاط (أخرى)', 'Type of business (other)', {
        min: 3,
        max: 100,
        conditionalField: showWhen('activityType', 'other'),
      }),
      msmedaCertificate: textField('رقم شهادة جهاز تنمية المشروعات', 'MSMEDA certificate number', { optional: true, max: 30 }),
      governorate: governorateField(),
      address: addressField(),
      requestedLoad: numberField('القدرة المطلوبة', 'Requested load', { min: 1, max: 500, postfix: kw }),
      connectionType: radioField('نوع التوصيل', 'Connection type', CONNECTION_TYPES),
    }),
    step('documents', 'المستندات', 'Documents', {
      documents: attachmentsField('المستندات المطلوبة', 'Required documents'),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'in_progress', 'connected'], {
    labels: { in_review: l('قيد المعاينة وإعداد المقايسة', 'Inspection and estimate') },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 1),
    stage('inspection', ['in_review', 'needs_info'], 7),
    stage('connection', ['in_progress', 'connected'], 22),
  ],
});

const TEMP_CONSTRUCTION = defineService({
  slug: 'TEMP_CONSTRUCTION',
  type: 'request',
  categories: [CAT.connection],
  release: '2024-08-01',
  cost: 600,
  days: 16,
  ar: {
    serviceLabel: 'توصيل تيار مؤقت للمباني تحت الإنشاء',
    description:
      'توصيل تيار مؤقت بعداد إنشاءات لتشغيل معدات البناء في المباني المرخصة تحت الإنشاء، حتى انتهاء الأعمال وتركيب عدادات الوحدات.',
    steps: [
      'قدِّم الطلب وأرفق ترخيص البناء وبيانات الموقع.',
      'سدِّد رسوم المعاينة وفتح الملف.',
      'يعاين الفريق الفني الموقع ويُعد المقايسة خلال ٧ أيام عمل.',
      'سدِّد قيمة المقايسة والتأمين في مركز الخدمة، ويُركَّب عداد الإنشاءات خلال ٨ أيام عمل.',
      'عند انتهاء الأعمال يُرفع العداد المؤقت ويُستبدل بعدادات الوحدات.',
    ],
    requiredPapers: [...papers('ar', 'nid', 'tenure', 'permit'), 'شهادة الإشراف الهندسي على التنفيذ'],
    terms: [
      'يُستخدم عداد الإنشاءات لأغراض البناء فقط، ويُحظر توصيل الوحدات السكنية عليه.',
      'يُحاسَب الاستهلاك بتعريفة الإنشاءات السارية.',
      ...terms('ar', 'claim'),
    ],
    faq: [
      {
        question: 'ماذا يحدث للعداد المؤقت بعد انتهاء البناء؟',
        answer: 'يُرفع بعد تقديم طلبات العدادات الدائمة للوحدات، ويُرد مبلغ التأمين بعد خصم المستحقات.',
      },
      {
        question: 'هل يمكن مد فترة التوصيل المؤقت؟',
        answer: 'نعم، بتقديم طلب مد قبل انتهاء المدة، مرفقًا به ما يثبت استمرار سريان ترخيص البناء.',
      },
    ],
    costNote: 'رسوم المعاينة وفتح الملف ٦٠٠ جنيه، وتُسدَّد قيمة المقايسة والتأمين بعد المعاينة.',
  },
  en: {
    serviceLabel: 'Temporary power for buildings under construction',
    description:
      'Connect temporary power through a construction meter to run building equipment on licensed construction sites, until the works end and the units’ meters are installed.',
    steps: [
      'File the request and attach the building permit and the site details.',
      'Pay the inspection and file-opening fee.',
      'The technical team inspects the site and prepares the estimate within 7 working days.',
      'Pay the estimate and the deposit at the service center; the construction meter is installed within 8 working days.',
      'When the works end, the temporary meter is removed and replaced by the units’ meters.',
    ],
    requiredPapers: [...papers('en', 'nid', 'tenure', 'permit'), 'The engineering supervision certificate for the works'],
    terms: [
      'The construction meter is for building purposes only; connecting dwellings to it is forbidden.',
      'Consumption is charged at the construction tariff in force.',
      ...terms('en', 'claim'),
    ],
    faq: [
      {
        question: 'What happens to the temporary meter after construction?',
        answer:
          'It is removed once the permanent meters of the units have been requested, and the deposit is refunded less any dues.',
      },
      {
        question: 'Can the temporary connection be extended?',
        answer: 'Yes, by requesting an extension before the period ends, with proof that the building permit is still valid.',
      },
    ],
    costNote: 'The inspection and file-opening fee is EGP 600; the estimate and the deposit are paid after the inspection.',
  },
  apply: [
    step('site', 'بيانات الموقع', 'Site details', {
      applicantName: applicantNameField(),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      governorate: governorateField(),
      address: addressField(),
      permitNumber: textField('رقم ترخيص البناء', 'Building permit number', { min: 2, max: 50 }),
      permitDate: dateField('تاريخ الترخيص', 'Permit date'),
      floors: numberField('عدد الأدوار المرخصة', 'Licensed number of floors', { min: 1, max: 60 }),
      requestedLoad: numberField('القدرة المطلوبة', 'Requested load', { min: 1, max: 200, postfix: kw }),
      durationMonths: numberField('مدة التوصيل المؤقت', 'Temporary connection period', {
        min: 1,
        max: 36,
        postfix: l('شهر', 'months'),
      }),
      documents: attachmentsField(
        'ترخيص البناء وسند الحيازة وشهادة الإشراف',
        'Building permit, proof of tenure and supervision certificate',
      ),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'in_progress', 'connected'], {
    labels: { in_review: l('قيد المعاينة وإعداد المقايسة', 'Inspection and estimate') },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 1),
    stage('inspection', ['in_review', 'needs_info'], 7),
    stage('connection', ['in_progress', 'connected'], 8),
  ],
});

const LOAD_INCREASE = defineService({
  slug: 'LOAD_INCREASE',
  type: 'request',
  categories: [CAT.connection, CAT.contracts],
  release: '2024-11-01',
  cost: 400,
  days: 14,
  ar: {
    serviceLabel: 'زيادة القدرة المتعاقد عليها',
    description:
      'زيادة القدرة الكهربائية المتعاقد عليها للوحدة عند إضافة أجهزة أو أحمال جديدة، مع تغيير العداد أو الكابل إذا لزم الأمر.',
    steps: [
      'قدِّم الطلب بالقدرة الحالية والقدرة المطلوبة وسبب الزيادة.',
      'سدِّد رسوم المعاينة.',
      'تدرس الشركة قدرة الشبكة، وتعاين الموقع وتُعد المقايسة.',
      'سدِّد قيمة المقايسة وفرق التأمين في مركز الخدمة.',
      'يُستبدل العداد أو الكابل عند الحاجة، ويُعدَّل عقد التوريد.',
    ],
    requiredPapers: papers('ar', 'nid', 'contract', 'lastBill'),
    terms: [...terms('ar', 'arrears', 'claim'), 'لا تُنفَّذ الزيادة إذا كانت الشبكة لا تتحمل الحمل الإضافي إلا بعد تدعيمها.'],
    faq: [
      {
        question: 'كيف أعرف القدرة التي أحتاجها؟',
        answer: 'اجمع قدرات الأجهزة التي تعمل معًا في وقت واحد، أو استعن بكهربائي معتمد لحساب الحمل المطلوب.',
      },
      {
        question: 'هل يتغير سعر الكيلووات ساعة بعد زيادة القدرة؟',
        answer: 'لا، يُحاسَب الاستهلاك بالتعريفة نفسها لنوع النشاط، لكن قد يزيد مبلغ التأمين.',
      },
    ],
    costNote: 'رسوم المعاينة ٤٠٠ جنيه، وتُحدَّد قيمة المقايسة وفرق التأمين بعد المعاينة.',
  },
  en: {
    serviceLabel: 'Increase of contracted load',
    description:
      'Increase the unit’s contracted electrical load when adding new appliances or loads, with a meter or cable change if needed.',
    steps: [
      'File the request with the current load, the requested load and the reason.',
      'Pay the inspection fee.',
      'The company checks the network capacity, inspects the site and prepares the estimate.',
      'Pay the estimate and the deposit difference at the service center.',
      'The meter or cable is replaced if needed and the supply contract is amended.',
    ],
    requiredPapers: papers('en', 'nid', 'contract', 'lastBill'),
    terms: [
      ...terms('en', 'arrears', 'claim'),
      'If the network cannot carry the extra load, the increase waits until it is reinforced.',
    ],
    faq: [
      {
        question: 'How do I know what load I need?',
        answer: 'Add up the power of the appliances that run at the same time, or ask a licensed electrician to calculate it.',
      },
      {
        question: 'Does the price per kWh change after the increase?',
        answer: 'No, consumption is charged at the same tariff for your type of use, but the deposit may rise.',
      },
    ],
    costNote: 'The inspection fee is EGP 400; the estimate and deposit difference are set after the inspection.',
  },
  apply: [
    step('load', 'بيانات القدرة', 'Load details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      currentLoad: numberField('القدرة الحالية', 'Current load', { min: 1, max: 1000, postfix: kw }),
      requestedLoad: numberField('القدرة المطلوبة', 'Requested load', { min: 1, max: 1000, postfix: kw }),
      connectionType: radioField('نوع التوصيل المطلوب', 'Requested connection type', CONNECTION_TYPES),
      reason: textareaField('سبب الزيادة', 'Reason for the increase', { min: 10, max: 500 }),
      documents: attachmentsField('المستندات', 'Documents', { optional: true }),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'in_progress', 'completed'], {
    labels: { in_review: l('قيد الدراسة والمعاينة', 'Study and inspection'), completed: l('تمت زيادة القدرة', 'Load increased') },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 1),
    stage('inspection', ['in_review', 'needs_info'], 5),
    stage('execution', ['in_progress', 'completed'], 8),
  ],
});

const SOLAR_NET_METERING = defineService({
  slug: 'SOLAR_NET_METERING',
  type: 'request',
  categories: [CAT.renewable, CAT.connection],
  release: '2025-05-01',
  cost: 1500,
  days: 30,
  ar: {
    serviceLabel: 'ربط محطة طاقة شمسية بنظام صافي القياس',
    description:
      'اربط محطة الطاقة الشمسية المركَّبة على سطح منزلك أو منشأتك بالشبكة بنظام صافي القياس، لتُخصم الطاقة التي تصدِّرها إلى الشبكة من استهلاكك في الفاتورة.',
    steps: [
      'قدِّم الطلب ببيانات المحطة والشركة المنفذة المؤهلة.',
      'سدِّد رسوم دراسة الطلب.',
      'تراجع الشركة الدراسة الفنية ومخطط التوصيل أحادي الخط.',
      'تُركِّب الشركة المنفذة المحطة وفق الموافقة الفنية.',
      'تختبر شركة التوزيع المحطة، ويُركَّب عداد ثنائي الاتجاه.',
      'يُوقَّع عقد صافي القياس، وتُخصم الطاقة المصدَّرة من استهلاك الفواتير التالية.',
    ],
    requiredPapers: [
      ...papers('ar', 'nid', 'contract', 'lastBill'),
      'الدراسة الفنية للمحطة ومخطط التوصيل أحادي الخط',
      'شهادة تأهيل الشركة المنفذة من هيئة تنمية واستخدام الطاقة الجديدة والمتجددة',
    ],
    terms: [
      'يجب ألا تتجاوز قدرة المحطة القدرة المتعاقد عليها للعداد.',
      'تُنفَّذ المحطة بمعرفة شركة مؤهلة، وتُستخدم مكونات مطابقة للمواصفات القياسية المصرية.',
      'يُرحَّل فائض الطاقة المصدَّرة إلى الفواتير التالية وفق عقد صافي القياس.',
    ],
    faq: [
      {
        question: 'ماذا يحدث إذا أنتجت المحطة أكثر من استهلاكي؟',
        answer: 'يُرحَّل الفائض رصيدًا إلى الفواتير التالية، ويُسوَّى وفق شروط عقد صافي القياس.',
      },
      {
        question: 'هل يلزم تغيير العداد الحالي؟',
        answer: 'نعم، يُركَّب عداد ثنائي الاتجاه يقيس الطاقة المستهلكة من الشبكة والطاقة المصدَّرة إليها.',
      },
    ],
    costNote: 'رسوم دراسة الطلب ١٬٥٠٠ جنيه، ويُحاسَب ثمن العداد ثنائي الاتجاه وفق الأسعار السارية.',
  },
  en: {
    serviceLabel: 'Solar net-metering connection',
    description:
      'Connect the solar plant on your home or business roof to the grid under net metering, so that the energy you export to the grid is deducted from your consumption on the bill.',
    steps: [
      'File the request with the plant details and the qualified installer.',
      'Pay the request study fee.',
      'The company reviews the technical study and the single-line diagram.',
      'The installer builds the plant according to the technical approval.',
      'The distribution company tests the plant and installs a bidirectional meter.',
      'The net-metering contract is signed and exported energy is deducted from the following bills.',
    ],
    requiredPapers: [
      ...papers('en', 'nid', 'contract', 'lastBill'),
      'The plant’s technical study and single-line diagram',
      'The installer’s qualification certificate from the New and Renewable Energy Authority',
    ],
    terms: [
      'The plant capacity must not exceed the meter’s contracted load.',
      'The plant is built by a qualified company with components meeting the Egyptian standards.',
      'Surplus exported energy is carried over to the following bills under the net-metering contract.',
    ],
    faq: [
      {
        question: 'What if the plant produces more than I consume?',
        answer: 'The surplus is carried over as credit to the following bills and settled under the net-metering contract.',
      },
      {
        question: 'Does my current meter have to change?',
        answer:
          'Yes, a bidirectional meter is installed to measure both the energy drawn from the grid and the energy exported to it.',
      },
    ],
    costNote: 'The request study fee is EGP 1,500; the bidirectional meter is charged at current prices.',
  },
  apply: [
    step('plant', 'بيانات المحطة', 'Plant details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField(),
      plantCapacity: numberField('قدرة المحطة', 'Plant capacity', { min: 1, max: 500, postfix: l('كيلووات ذروة', 'kWp') }),
      installationSite: radioField('مكان التركيب', 'Installation site', [
        ['roof', 'سطح المبنى', 'Building roof'],
        ['ground', 'أرض فضاء ملحقة', 'Adjoining open land'],
      ]),
      panelsCount: numberField('عدد الألواح', 'Number of panels', { min: 1, max: 2000 }),
      inverterModel: textField('طراز العاكس (الإنفرتر)', 'Inverter model', { min: 2, max: 80 }),
    }),
    step('installer', 'الشركة المنفذة', 'Installer', {
      installerCompany: textField('اسم الشركة المنفذة', 'Installer company name', { min: 3, max: 150 }),
      installerRegistration: textField(
        'رقم تأهيل الشركة لدى هيئة الطاقة الجديدة والمتجددة',
        'Installer qualification number with the NREA',
        { min: 2, max: 30 },
      ),
      documents: attachmentsField(
        'الدراسة الفنية ومخطط التوصيل وشهادة التأهيل',
        'Technical study, single-line diagram and qualification certificate',
      ),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'approved', 'installed', 'completed'], {
    labels: {
      in_review: l('قيد الدراسة الفنية', 'Technical study'),
      approved: l('تمت الموافقة الفنية', 'Technically approved'),
      installed: l('تم تركيب العداد ثنائي الاتجاه', 'Bidirectional meter installed'),
      completed: l('تم توقيع عقد صافي القياس', 'Net-metering contract signed'),
    },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 1),
    stage('review', ['in_review', 'needs_info'], 10),
    stage('installation', ['approved', 'installed'], 15),
    stage('result', ['completed'], 4),
  ],
  dictionary: [
    ['NET_METERING', 'صافي القياس', 'Net metering'],
    ['KWP', 'كيلووات ذروة', 'Kilowatt peak'],
    ['NREA', 'هيئة تنمية واستخدام الطاقة الجديدة والمتجددة', 'New and Renewable Energy Authority'],
  ],
});

const EV_CHARGER_CONNECTION = defineService({
  slug: 'EV_CHARGER_CONNECTION',
  type: 'request',
  categories: [CAT.renewable, CAT.connection],
  release: '2026-11-15',
  activation: { kind: 'afterDelay', delayDays: 30 },
  cost: 1000,
  days: 21,
  ar: {
    serviceLabel: 'توصيل التيار لشاحن سيارة كهربائية',
    description:
      'خدمة جديدة تُتاح بعد ٣٠ يومًا من إطلاقها، لتوصيل التيار إلى شواحن السيارات الكهربائية في المنازل والمجمعات السكنية ومواقف السيارات التجارية بعداد مستقل.',
    steps: [
      'قدِّم الطلب ببيانات الشاحن وموقع التركيب.',
      'سدِّد رسوم المعاينة.',
      'يعاين الفريق الفني الموقع ويحدد القدرة المتاحة وتكلفة التوصيل.',
      'سدِّد قيمة المقايسة في مركز الخدمة.',
      'يُركَّب عداد مستقل للشاحن ويُوصَّل التيار.',
    ],
    requiredPapers: [
      ...papers('ar', 'nid', 'tenure'),
      'بيانات الشاحن الفنية من الشركة الموردة',
      'موافقة اتحاد الشاغلين أو إدارة المجمع عند التركيب في مكان مشترك',
    ],
    terms: [
      'يُركَّب الشاحن بمعرفة فني معتمد ووفق اشتراطات السلامة.',
      'يُحاسَب استهلاك الشاحن على عداده المستقل بالتعريفة المقررة لشحن السيارات الكهربائية.',
      ...terms('ar', 'claim'),
    ],
    faq: [
      {
        question: 'متى تبدأ الخدمة؟',
        answer: 'تُتاح الخدمة بعد ٣٠ يومًا من تاريخ إطلاقها، ويظهر على صفحتها أنها «ستُتاح قريبًا» حتى ذلك الحين.',
      },
      {
        question: 'هل يمكن توصيل الشاحن على عداد الشقة؟',
        answer:
          'الشواحن المنزلية الصغيرة يمكن توصيلها على عداد الوحدة بعد زيادة القدرة، أما الشواحن السريعة فتحتاج إلى عداد مستقل.',
      },
    ],
    costNote: 'رسوم المعاينة ١٬٠٠٠ جنيه، وتُحدَّد قيمة المقايسة بعد المعاينة.',
  },
  en: {
    serviceLabel: 'Power connection for an electric vehicle charger',
    description:
      'A new service that opens 30 days after its launch, to connect power through a separate meter to electric vehicle chargers in homes, residential compounds and commercial car parks.',
    steps: [
      'File the request with the charger details and the installation site.',
      'Pay the inspection fee.',
      'The technical team inspects the site and sets the available load and the connection cost.',
      'Pay the estimate at the service center.',
      'A separate meter is installed for the charger and power is connected.',
    ],
    requiredPapers: [
      ...papers('en', 'nid', 'tenure'),
      'The charger’s technical data from the supplier',
      'The approval of the owners’ association or compound management for shared places',
    ],
    terms: [
      'The charger is installed by a licensed technician under the safety requirements.',
      'The charger’s consumption is billed on its own meter at the EV charging tariff.',
      ...terms('en', 'claim'),
    ],
    faq: [
      {
        question: 'When does the service start?',
        answer: 'It opens 30 days after its launch date; until then its page shows it as “coming soon”.',
      },
      {
        question: 'Can the charger be connected to my flat’s meter?',
        answer:
          'Small home chargers can be connected to the unit’s meter after a load increase; fast chargers need a separate meter.',
      },
    ],
    costNote: 'The inspection fee is EGP 1,000; the estimate is set after the inspection.',
  },
  apply: [
    step('charger', 'بيانات الشاحن', 'Charger details', {
      applicantName: applicantNameField(),
      nationalId: nationalIdField(),
      mobile: mobileField(),
      subscriberCode: subscriberCodeField({
        optional: true,
        label: l('الكود الموحد لعداد المكان (إن وُجد)', 'Combined code of the site’s meter (if any)'),
      }),
      chargerType: radioField('نوع الشاحن', 'Charger type', [
        ['ac', 'شاحن تيار متردد (منزلي)', 'AC charger (home)'],
        ['dc', 'شاحن تيار مستمر (سريع)', 'DC charger (fast)'],
      ]),
      chargerPower: numberField('قدرة الشاحن', 'Charger power', { min: 3, max: 350, postfix: kw }),
      siteType: selectField('مكان التركيب', 'Installation site', [
        ['home_garage', 'جراج منزل', 'Home garage'],
        ['compound', 'مجمع سكني', 'Residential compound'],
        ['commercial_parking', 'موقف سيارات تجاري', 'Commercial car park'],
        ['fuel_station', 'محطة وقود', 'Fuel station'],
      ]),
      governorate: governorateField(),
      address: addressField(),
      documents: attachmentsField('المستندات المطلوبة', 'Required documents'),
    }),
  ],
  workflow: flow(['new', 'awaiting_payment', 'in_review', 'in_progress', 'connected'], {
    labels: { in_review: l('قيد المعاينة', 'Under inspection') },
  }),
  stages: [
    stage('submission', ['new', 'awaiting_payment'], 1),
    stage('inspection', ['in_review', 'needs_info'], 7),
    stage('connection', ['in_progress', 'connected'], 13),
  ],
});

export const connectionServices: ServiceSeedWithoutOrder[] = [
  POWER_INVESTMENT,
  POWER_SME,
  TEMP_CONSTRUCTION,
  LOAD_INCREASE,
  SOLAR_NET_METERING,
  EV_CHARGER_CONNECTION,
];
