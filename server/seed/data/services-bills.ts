import {
  CAT,
  TOUR_BASIC,
  attachmentsField,
  dateField,
  defineService,
  egp,
  emailField,
  imageField,
  kwh,
  l,
  meterNumberField,
  mobileField,
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

/* Bills and payments: paying bills, the bill calculator, objections, arrears instalments, top-up problems. */

/** Staff who handle this family's requests move them (decision 036). */
const flow = familyWorkflow(ROLE.billingRequests);

const PAYBILLS = defineService({
  slug: 'PAYBILLS',
  type: 'payment',
  categories: [CAT.bills],
  release: '2024-03-01',
  cost: 'variable',
  payMethods: ['online'],
  days: 0,
  hideServiceTable: true,
  tour: TOUR_BASIC,
  ar: {
    serviceLabel: 'سداد فواتير الكهرباء',
    description:
      'اطَّلع على فواتير الكهرباء المستحقة وسدِّدها إلكترونيًا ببطاقة بنكية أو برقم مرجعي عبر منافذ الدفع، دون الحاجة إلى زيارة مركز الخدمة.',
    steps: [
      'أدخل الكود الموحد للمشترك لعرض الفواتير المستحقة.',
      'اختر الفواتير المراد سدادها بدءًا من الأقدم، وراجع الإجمالي والرسوم.',
      'ادفع ببطاقة بنكية، أو احصل على رقم مرجعي للسداد عبر منافذ الدفع.',
    ],
    requiredPapers: ['الكود الموحد للمشترك المدوَّن أعلى الفاتورة'],
    terms: [
      'تُسدَّد الفواتير الأقدم أولًا.',
      'تُضاف رسوم الخدمة ورسوم بوابة الدفع إلى إجمالي الفواتير، وتظهر قبل تأكيد السداد.',
      'الرقم المرجعي صالح للسداد حتى اليوم والساعة المبيَّنين عند إصداره، ويُلغى إذا اخترت الدفع بالبطاقة بدلًا منه.',
    ],
    faq: [
      {
        question: 'متى يظهر السداد في حسابي؟',
        answer: 'يُحدَّث حساب المشترك فور نجاح عملية الدفع، وقد يستغرق ظهوره في مراكز الخدمة حتى ٢٤ ساعة.',
      },
      {
        question: 'لماذا لا أستطيع اختيار فاتورة حديثة وحدها؟',
        answer: 'لأن نظام التحصيل يشترط سداد الفواتير الأقدم أولًا، فاختر الفواتير بالترتيب من الأقدم إلى الأحدث.',
      },
      {
        question: 'خُصم المبلغ ولم تظهر الفاتورة مسددة، فماذا أفعل؟',
        answer: 'اضغط «تحديث الحالة» في صفحة الدفع، فإن بقيت الفاتورة غير مسددة فتواصل مع الخط الساخن ١٢١ ومعك رقم العملية.',
      },
    ],
    costNote: 'المبلغ هو إجمالي الفواتير المختارة مضافًا إليه رسوم الخدمة ورسوم بوابة الدفع.',
  },
  en: {
    serviceLabel: 'Pay electricity bills',
    description:
      'See the electricity bills you owe and pay them online by bank card, or with a reference number at payment outlets, without visiting a service center.',
    steps: [
      'Enter the subscriber combined code to see the bills due.',
      'Choose the bills to pay, oldest first, and check the total and the fees.',
      'Pay by bank card, or get a reference number to pay at a payment outlet.',
    ],
    requiredPapers: ['The subscriber combined code printed at the top of the bill'],
    terms: [
      'Older bills must be paid first.',
      'The service fee and the payment gateway fee are added to the bills’ total and shown before you confirm.',
      'A reference number can be paid until the day and hour shown when it is issued; it is cancelled if you pay by card instead.',
    ],
    faq: [
      {
        question: 'When does my payment show on my account?',
        answer:
          'The subscriber account is updated as soon as the payment succeeds; service centers may take up to 24 hours to see it.',
      },
      {
        question: 'Why can’t I pick a recent bill on its own?',
        answer: 'The collection system requires older bills to be paid first, so choose the bills in order from the oldest.',
      },
      {
        question: 'The amount was charged but the bill still shows unpaid. What should I do?',
        answer:
          'Press “Refresh status” on the payment page; if the bill is still unpaid, call the 121 hotline with the transaction number.',
      },
    ],
    costNote: 'The amount is the total of the selected bills plus the service fee and the payment gateway fee.',
  },
  apply: [
    step('account', 'بيانات الاشتراك', 'Subscription', {
      subscriberCode: subscriberCodeField({
        regExp: '^[0-9]{8,20}$',
        customRegexError: l(
          'أدخل الكود الموحد أو رقم الاشتراك: من ٨ إلى ٢٠ رقمًا.',
          'Enter the combined code or subscription number: 8 to 20 digits.',
        ),
      }),
      receiptEmail: emailField({ label: l('البريد الإلكتروني لإرسال الإيصال', 'E-mail for the receipt') }),
    }),
  ],
  workflow: flow(['awaiting_payment', 'completed'], { review: null, labels: { completed: l('تم السداد', 'Paid') } }),
  stages: [stage('payment', ['awaiting_payment'], 0), stage('result', ['completed'], 0)],
  dictionary: [
    ['SERVICE_FEE', 'رسوم الخدمة', 'Service fee'],
    ['GATEWAY_FEE', 'رسوم بوابة الدفع', 'Gateway fee'],
    ['BILLS_TOTAL', 'إجمالي الفواتير', 'Total of bills'],
  ],
});

const BILL_CALCULATOR = defineService({
  slug: 'BILL_CALCULATOR',
  type: 'information',
  categories: [CAT.bills],
  release: '2024-07-01',
  cost: 'free',
  days: 0,
  allowAnonymous: true,
  hideServiceTable: true,
  rate: false,
  ar: {
    serviceLabel: 'حاسبة فاتورة الكهرباء',
    description:
      'احسب القيمة التقديرية لفاتورة الكهرباء الشهرية من استهلاكك بالكيلووات ساعة وفق شرائح الأسعار السارية لنوع الاستخدام.',
    steps: [
      'اختر نوع الاستخدام: منزلي أو تجاري.',
      'أدخل الاستهلاك الشهري بالكيلووات ساعة لتظهر القيمة التقديرية للفاتورة موزَّعة على الشرائح.',
    ],
    requiredPapers: [],
    terms: [
      'القيمة المعروضة تقديرية وفق الأسعار السارية، وقد تختلف الفاتورة الفعلية بإضافة رسوم خدمة العملاء وأي مستحقات أخرى.',
      'لا تُستخدم نتيجة الحاسبة مستندًا للتظلم من الفواتير.',
    ],
    faq: [
      {
        question: 'لماذا يرتفع سعر الكيلووات كلما زاد الاستهلاك؟',
        answer:
          'لأن الأسعار المنزلية مقسمة إلى شرائح تصاعدية، فيُحاسَب الاستهلاك في الشرائح الأعلى بسعر أعلى، وقد يفقد المشترك دعم الشرائح الأولى إذا تجاوز حدًا معينًا.',
      },
      {
        question: 'هل أحتاج إلى تسجيل الدخول لاستخدام الحاسبة؟',
        answer: 'لا، الحاسبة متاحة لجميع الزوار دون تسجيل الدخول.',
      },
    ],
  },
  en: {
    serviceLabel: 'Electricity bill calculator',
    description:
      'Estimate your monthly electricity bill from your consumption in kWh, using the price tiers in force for your type of use.',
    steps: [
      'Choose the type of use: residential or commercial.',
      'Enter the monthly consumption in kWh to see the estimated bill, broken down by tier.',
    ],
    requiredPapers: [],
    terms: [
      'The amount shown is an estimate at current prices; the actual bill may differ by the customer service fee and any other charges.',
      'The calculator’s result cannot be used as evidence in a bill objection.',
    ],
    faq: [
      {
        question: 'Why does the price per kWh rise with consumption?',
        answer:
          'Residential prices come in rising tiers, so consumption in the higher tiers costs more, and above a certain level the subsidy of the first tiers may be lost.',
      },
      {
        question: 'Do I need to log in to use the calculator?',
        answer: 'No, the calculator is open to all visitors without logging in.',
      },
    ],
  },
  apply: [
    step('calculate', 'حساب الفاتورة', 'Calculate the bill', {
      usageType: radioField('نوع الاستخدام', 'Type of use', [
        ['residential', 'منزلي', 'Residential'],
        ['commercial', 'تجاري', 'Commercial'],
      ]),
      consumption: numberField('الاستهلاك الشهري', 'Monthly consumption', { min: 0, max: 100000, postfix: kwh }),
    }),
  ],
  workflow: flow(['new', 'completed'], {
    review: null,
    cancellable: false,
    rate: false,
    labels: { completed: l('تم الحساب', 'Calculated') },
  }),
  stages: [stage('submission', ['new'], 0), stage('result', ['completed'], 0)],
  dictionary: [
    ['TIER', 'الشريحة', 'Tier'],
    ['CUSTOMER_SERVICE_FEE', 'رسوم خدمة العملاء', 'Customer service fee'],
  ],
});

const BILL_OBJECTION = defineService({
  slug: 'BILL_OBJECTION',
  type: 'request',
  categories: [CAT.bills, CAT.faults],
  release: '2024-10-01',
  cost: 'free',
  days: 10,
  ar: {
    serviceLabel: 'التظلم من فاتورة الكهرباء',
    description:
      'إذا رأيت أن فاتورتك لا تعبِّر عن استهلاكك الفعلي أو احتُسبت بتعريفة خاطئة، قدِّم تظلمًا لمراجعتها وتعديلها عند ثبوت الخطأ.',
    steps: [
      'حدِّد الفاتورة محل التظلم وسببه، وأرفق صورتها وصورة شاشة العداد.',
      'تراجع الإدارة التجارية بيانات الفاتورة والقراءات السابقة.',
      'تُجرى معاينة ميدانية للعداد عند الحاجة.',
      'يُبلَّغ المشترك بنتيجة الفحص، وتُعدَّل الفاتورة إذا ثبت الخطأ.',
    ],
    requiredPapers: [...papers('ar', 'nid'), 'صورة الفاتورة محل التظلم', 'صورة حديثة لشاشة العداد'],
    terms: [
      'يُقدَّم التظلم خلال ٣٠ يومًا من تاريخ إصدار الفاتورة.',
      'لا يوقف التظلم موعد استحقاق الفاتورة، ويجوز سداد قيمة الاستهلاك غير المتنازع عليه تجنبًا لفصل التيار.',
      ...terms('ar', 'truth'),
    ],
    faq: [
      {
        question: 'ماذا يحدث للمبلغ إذا قُبل التظلم؟',
        answer: 'يُخصم الفرق من الفاتورة التالية، أو يُرد إليك إذا كنت قد سددت الفاتورة كاملة.',
      },
      {
        question: 'هل يُفصل التيار أثناء نظر التظلم؟',
        answer: 'لا يُفصل التيار بسبب المبلغ محل التظلم ما دمت قد سددت قيمة الاستهلاك غير المتنازع عليه.',
      },
    ],
  },
  en: {
    serviceLabel: 'Electricity bill objection',
    description:
      'If you believe a bill does not reflect your actual consumption or was charged at the wrong tariff, object to it so that it is reviewed and corrected if wrong.',
    steps: [
      'Identify the bill and the reason for the objection, and attach a picture of the bill and of the meter display.',
      'The commercial department reviews the bill data and the previous readings.',
      'A field inspection of the meter is made if needed.',
      'The subscriber is told the outcome, and the bill is corrected if it was wrong.',
    ],
    requiredPapers: [...papers('en', 'nid'), 'A picture of the disputed bill', 'A recent picture of the meter display'],
    terms: [
      'The objection must be filed within 30 days of the bill’s issue date.',
      'An objection does not postpone the bill’s due date; you may pay the undisputed consumption to avoid disconnection.',
      ...terms('en', 'truth'),
    ],
    faq: [
      {
        question: 'What happens to the money if my objection is accepted?',
        answer: 'The difference is deducted from your next bill, or refunded if you had already paid the bill in full.',
      },
      {
        question: 'Can my power be cut while the objection is reviewed?',
        answer: 'Power is not cut over the disputed amount as long as you have paid the undisputed consumption.',
      },
    ],
  },
  apply: [
    step('bill', 'بيانات الفاتورة', 'Bill details', {
      subscriberCode: subscriberCodeField(),
      billMonth: dateField('شهر الفاتورة', 'Bill month'),
      billAmount: numberField('قيمة الفاتورة', 'Bill amount', { min: 0, postfix: egp }),
      reason: selectField('سبب التظلم', 'Reason for the objection', [
        ['estimated', 'الفاتورة بقراءة تقديرية', 'The bill uses an estimated reading'],
        ['wrong_reading', 'القراءة أعلى من الفعلية', 'The reading is higher than the actual one'],
        ['wrong_tariff', 'تعريفة أو نشاط غير صحيح', 'Wrong tariff or use'],
        ['duplicate', 'مبلغ محسوب مرتين', 'An amount charged twice'],
        ['other', 'سبب آخر', 'Other reason'],
      ]),
      otherReason: textField('اذكر السبب', 'State the reason', {
        min: 3,
        max: 200,
        conditionalField: showWhen('reason', 'other'),
      }),
      currentReading: numberField('القراءة الحالية للعداد', 'Current meter reading', { min: 0, optional: true, postfix: kwh }),
      details: textareaField('تفاصيل التظلم', 'Details of the objection', { min: 20, max: 1000 }),
      attachments: attachmentsField('صورة الفاتورة وصورة شاشة العداد', 'Pictures of the bill and of the meter display'),
    }),
  ],
  workflow: flow(['new', 'in_review', 'in_progress', 'resolved'], {
    labels: { in_progress: l('قيد الفحص الميداني', 'Field inspection'), resolved: l('تم البت في التظلم', 'Objection decided') },
  }),
  stages: [
    stage('review', ['new', 'in_review', 'needs_info'], 3),
    stage('inspection', ['in_progress'], 5),
    stage('result', ['resolved'], 2),
  ],
});

const ARREARS_INSTALLMENT = defineService({
  slug: 'ARREARS_INSTALLMENT',
  type: 'request',
  categories: [CAT.bills],
  release: '2025-02-01',
  cost: 'free',
  days: 5,
  activation: { kind: 'monthly', minDay: 1, maxDay: 10, month: 'this' },
  ar: {
    serviceLabel: 'تقسيط المديونيات المتأخرة',
    description:
      'اطلب تقسيط مديونيات الكهرباء المتأخرة على أقساط شهرية تُضاف إلى فواتيرك، بعد سداد دفعة مقدمة. تُقبل الطلبات من اليوم الأول حتى اليوم العاشر من كل شهر.',
    steps: [
      'قدِّم الطلب ببيانات الاشتراك وقيمة المديونية وعدد الأقساط المقترح.',
      'تدرس الإدارة التجارية الطلب وتحدد خطة التقسيط المناسبة.',
      'سدِّد الدفعة المقدمة ووقِّع إقرار التقسيط في مركز الخدمة.',
      'تُضاف الأقساط إلى الفواتير الشهرية التالية.',
    ],
    requiredPapers: [...papers('ar', 'nid', 'lastBill'), 'ما يثبت الدخل الشهري (اختياري، يساعد على زيادة عدد الأقساط)'],
    terms: [
      'تُقبل الطلبات من اليوم الأول حتى اليوم العاشر من كل شهر.',
      'تُشترط دفعة مقدمة لا تقل عن ٢٥٪ من قيمة المديونية.',
      'يترتب على التأخر في سداد قسطين متتاليين حلول باقي الأقساط وجواز فصل التيار.',
    ],
    faq: [
      {
        question: 'لماذا لا أستطيع تقديم الطلب الآن؟',
        answer: 'تُستقبل طلبات التقسيط من اليوم الأول حتى اليوم العاشر من كل شهر فقط، فقدِّم طلبك في هذه الفترة.',
      },
      {
        question: 'ما أقصى عدد للأقساط؟',
        answer: 'حتى ٢٤ قسطًا شهريًا، بحسب قيمة المديونية وانتظام السداد السابق.',
      },
    ],
    costNote: 'الخدمة مجانية، وتُسدَّد الدفعة المقدمة من قيمة المديونية نفسها.',
  },
  en: {
    serviceLabel: 'Instalment of arrears',
    description:
      'Ask to pay overdue electricity arrears in monthly instalments added to your bills, after a down payment. Requests are accepted from the 1st to the 10th of each month.',
    steps: [
      'File the request with the subscription details, the amount owed and the proposed number of instalments.',
      'The commercial department studies the request and sets a suitable instalment plan.',
      'Pay the down payment and sign the instalment undertaking at the service center.',
      'The instalments are added to the following monthly bills.',
    ],
    requiredPapers: [...papers('en', 'nid', 'lastBill'), 'Proof of monthly income (optional; it can allow more instalments)'],
    terms: [
      'Requests are accepted from the 1st to the 10th of each month.',
      'A down payment of at least 25% of the arrears is required.',
      'Missing two instalments in a row makes the remaining instalments due at once and may lead to disconnection.',
    ],
    faq: [
      {
        question: 'Why can’t I file the request now?',
        answer: 'Instalment requests are only received from the 1st to the 10th of each month; please apply during that period.',
      },
      {
        question: 'What is the largest number of instalments?',
        answer: 'Up to 24 monthly instalments, depending on the amount owed and your payment record.',
      },
    ],
    costNote: 'The service is free; the down payment is part of the arrears themselves.',
  },
  apply: [
    step('arrears', 'بيانات المديونية', 'Arrears details', {
      subscriberCode: subscriberCodeField(),
      meterNumber: meterNumberField({ optional: true }),
      arrearsAmount: numberField('قيمة المديونية', 'Amount owed', { min: 1, postfix: egp }),
      installments: selectField('عدد الأقساط المقترح', 'Proposed number of instalments', [
        ['6', '٦ أقساط', '6 instalments'],
        ['12', '١٢ قسطًا', '12 instalments'],
        ['18', '١٨ قسطًا', '18 instalments'],
        ['24', '٢٤ قسطًا', '24 instalments'],
      ]),
      downPayment: numberField('الدفعة المقدمة المقترحة', 'Proposed down payment', { min: 0, optional: true, postfix: egp }),
      reason: textareaField('سبب التأخر في السداد', 'Reason for the late payment', { min: 10, max: 500 }),
      mobile: mobileField(),
      incomeProof: attachmentsField('ما يثبت الدخل', 'Proof of income', { optional: true }),
    }),
  ],
  workflow: flow(['new', 'in_review', 'approved', 'completed'], {
    labels: {
      approved: l('تمت الموافقة – في انتظار سداد الدفعة المقدمة', 'Approved – awaiting the down payment'),
      completed: l('تم تفعيل خطة التقسيط', 'Instalment plan active'),
    },
  }),
  stages: [stage('review', ['new', 'in_review', 'needs_info'], 3), stage('execution', ['approved', 'completed'], 2)],
});

const PREPAID_RECHARGE_ISSUE = defineService({
  slug: 'PREPAID_RECHARGE_ISSUE',
  type: 'request',
  categories: [CAT.bills, CAT.meters],
  release: '2025-03-15',
  cost: 'free',
  days: 2,
  ar: {
    serviceLabel: 'مشكلة في شحن العداد مسبق الدفع',
    description:
      'إذا دفعت قيمة الشحن ولم يُضف الرصيد إلى عدادك، أو ظهر خطأ في الكارت أو اختلف المبلغ المشحون، سجِّل المشكلة لمطابقة العملية وإعادة الشحنة أو رد المبلغ.',
    steps: [
      'أدخل بيانات العداد وعملية الشحن: التاريخ والمبلغ ومنفذ الشحن ورقم الإيصال.',
      'تطابق الشركة العملية مع سجلات منفذ الشحن.',
      'يُعاد تحميل الشحنة على الكارت أو يُرد المبلغ، وتتلقى رسالة بالنتيجة.',
    ],
    requiredPapers: ['إيصال الشحن أو رسالة تأكيد الدفع', 'كارت الشحن'],
    terms: [
      'يُقدَّم الطلب خلال ٣٠ يومًا من تاريخ عملية الشحن.',
      'يُعاد تحميل الشحنة على الكارت نفسه، ولا يُرد المبلغ نقدًا إلا إذا ثبت عدم تحميله على العداد.',
    ],
    faq: [
      {
        question: 'دفعت عبر منفذ فوري ولم يظهر الرصيد، فماذا أفعل؟',
        answer: 'أدخل الكارت في العداد مرة أخرى أولًا، فإن لم يُضف الرصيد فسجِّل الطلب ومعك رقم العملية المطبوع على الإيصال.',
      },
      {
        question: 'كم تستغرق معالجة المشكلة؟',
        answer: 'غالبًا خلال يومي عمل، وتتلقى رسالة نصية عند إعادة تحميل الشحنة.',
      },
    ],
  },
  en: {
    serviceLabel: 'Prepaid meter top-up problem',
    description:
      'If you paid for a top-up but the credit did not reach your meter, the card showed an error or the amount differs, report it so the transaction is matched and the top-up reloaded or refunded.',
    steps: [
      'Enter the meter details and the top-up: date, amount, outlet and receipt number.',
      'The company matches the transaction against the outlet’s records.',
      'The top-up is reloaded onto the card or the amount refunded, and you get a message with the outcome.',
    ],
    requiredPapers: ['The top-up receipt or payment confirmation message', 'The charge card'],
    terms: [
      'File the request within 30 days of the top-up.',
      'The top-up is reloaded onto the same card; cash is refunded only if it is proven that it never reached the meter.',
    ],
    faq: [
      {
        question: 'I paid at a Fawry outlet and the credit did not appear. What should I do?',
        answer:
          'First insert the card into the meter again; if the credit still does not appear, file this request with the transaction number printed on the receipt.',
      },
      {
        question: 'How long does it take to fix?',
        answer: 'Usually within two working days; you get a text message when the top-up is reloaded.',
      },
    ],
  },
  apply: [
    step('recharge', 'بيانات عملية الشحن', 'Top-up details', {
      meterNumber: meterNumberField(),
      rechargeDate: dateField('تاريخ الشحن', 'Top-up date'),
      rechargeAmount: numberField('مبلغ الشحن', 'Top-up amount', { min: 1, postfix: egp }),
      channel: selectField('منفذ الشحن', 'Top-up outlet', [
        ['service_center', 'مركز خدمة العملاء', 'Customer service center'],
        ['post_office', 'مكتب البريد', 'Post office'],
        ['fawry', 'منافذ فوري', 'Fawry outlet'],
        ['app', 'تطبيق كهرباء', 'Kahraba app'],
        ['bank', 'ماكينة صراف آلي أو بنك', 'ATM or bank'],
        ['wallet', 'محفظة إلكترونية', 'Mobile wallet'],
      ]),
      receiptNumber: textField('رقم الإيصال أو العملية', 'Receipt or transaction number', { optional: true, max: 40 }),
      issue: selectField('المشكلة', 'Problem', [
        ['not_transferred', 'الرصيد لم يُضف إلى العداد', 'Credit not added to the meter'],
        ['card_error', 'رسالة خطأ عند إدخال الكارت', 'Error message when inserting the card'],
        ['amount_mismatch', 'الرصيد المضاف أقل من المدفوع', 'Credit added is less than paid'],
        ['charged_twice', 'خُصم المبلغ مرتين', 'Charged twice'],
      ]),
      receiptPhoto: imageField('صورة الإيصال', 'Picture of the receipt', { optional: true }),
      mobile: mobileField(),
    }),
  ],
  workflow: flow(['new', 'in_review', 'resolved'], { labels: { resolved: l('تمت المعالجة', 'Resolved') } }),
  stages: [stage('review', ['new', 'in_review', 'needs_info'], 1), stage('resolution', ['resolved'], 1)],
});

export const billServices: ServiceSeedWithoutOrder[] = [
  PAYBILLS,
  BILL_CALCULATOR,
  BILL_OBJECTION,
  ARREARS_INSTALLMENT,
  PREPAID_RECHARGE_ISSUE,
];
