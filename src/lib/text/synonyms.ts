/*
 * Search vocabulary (decision 048), kept as data: what src/lib/text/search.ts folds before comparing a query with
 * a label. Every entry is written as people type it; the search module normalises and stems it once, when the
 * module loads, so spelling variants (أ/ا, ة/ه, ى/ي, «ال», plural endings) need not be listed.
 *
 * Where the words come from: the service labels of the seeded catalog (server/seed/data/services-*.ts), the words
 * of issue 23 (queries that found nothing: «شكوى», «عداد جديد», «انقطاع الكهرباء», «النور قاطع», «كارت»), and the
 * everyday Egyptian words for the same things, as the catalog's own descriptions, FAQ answers and the complaint
 * form use them (انقطاع التيار, بلاغ, كارت الشحن, عداد كودي/ممارسة, تقنين, براءة ذمة). English entries are the
 * labels' English words and their common everyday forms, so a query in either language finds a label in the other
 * where the two share a group.
 */

/* eslint-disable lingui/no-unlocalized-strings -- search vocabulary matched against what people type, never shown */

/**
 * Broken plurals and irregular forms the light stemmer cannot derive by stripping endings: plural (or variant) →
 * singular. Regular endings (ات، ون، ين، ة، ي) are stripped by the stemmer itself.
 */
export const IRREGULAR_FORMS: Readonly<Record<string, string>> = {
  شكاوى: 'شكوى',
  شكاوي: 'شكوى',
  فواتير: 'فاتورة',
  أعطال: 'عطل',
  كروت: 'كارت',
  كرت: 'كارت',
  كارته: 'كارت',
  مباني: 'مبنى',
  مشاريع: 'مشروع',
  تذاكر: 'تذكرة',
  مراكز: 'مركز',
  فروع: 'فرع',
  أسلاك: 'سلك',
  أعمدة: 'عمود',
  أحمال: 'حمل',
  ديون: 'دين',
  أقساط: 'قسط',
  شرائح: 'شريحة',
  أوراق: 'ورقة',
  مصانع: 'مصنع',
  شقق: 'شقة',
  بيوت: 'بيت',
  ألواح: 'لوح',
  عدادين: 'عداد',
  // English irregulars and spelling variants.
  installment: 'instalment',
  installments: 'instalment',
  meters: 'meter',
  metre: 'meter',
  metres: 'meter',
  topup: 'top-up',
};

/**
 * Words dropped from a query (they are in no label, or in every one): Arabic and Egyptian particles and "I want",
 * English function words. A query made only of these is searched as typed.
 */
export const STOP_WORDS: readonly string[] = [
  'في',
  'فى',
  'من',
  'عن',
  'على',
  'علي',
  'إلى',
  'الى',
  'أو',
  'او',
  'و',
  'أن',
  'ان',
  'مع',
  'ده',
  'دي',
  'دا',
  'اللي',
  'التي',
  'الذي',
  'عايز',
  'عاوز',
  'عايزة',
  'عاوزة',
  'أريد',
  'اريد',
  'محتاج',
  'محتاجة',
  'ازاي',
  'إزاي',
  'كيف',
  'كيفية',
  'ممكن',
  'لو',
  'سمحت',
  'مش',
  'مفيش',
  'ما',
  'لا',
  'يا',
  'أنا',
  'انا',
  'بتاع',
  'بتاعي',
  'بتاعتي',
  'ايه',
  'إيه',
  'هو',
  'هي',
  'عندي',
  'اعمل',
  'أعمل',
  'a',
  'an',
  'the',
  'of',
  'for',
  'to',
  'my',
  'i',
  'me',
  'with',
  'and',
  'or',
  'in',
  'on',
  'at',
  'from',
  'is',
  'it',
  'want',
  'need',
  'how',
  'do',
  'please',
  'can',
  'not',
  'no',
  'get',
];

/**
 * Stop words that are kept inside a vocabulary entry: dropping them would turn its meaning around ("no arrears"
 * is not "arrears", «مفيش كهربا» is not «كهربا»).
 */
export const NEGATIONS: readonly string[] = ['مش', 'مفيش', 'لا', 'ما', 'no', 'not'];

/**
 * Words that narrow nothing in this catalog (everything here is electricity, a request, a service): a label that
 * has them ranks higher, one that lacks them is not dropped. A query made only of these must match them.
 */
export const SOFT_WORDS: readonly string[] = [
  'جديد',
  'جديدة',
  'كهرباء',
  'كهربا',
  'الكهرباء',
  'كهربائي',
  'كهربائية',
  'تيار',
  'طلب',
  'خدمة',
  'new',
  'electricity',
  'electric',
  'electrical',
  'power',
  'request',
  'service',
  'apply',
];

/**
 * Synonym groups: a query word or phrase found in a group may be matched in a label by any other entry of the
 * group (ranked below a match of the typed words). Longer phrases win over the words inside them («النور قاطع»
 * before «النور»). Each group says where it comes from.
 */
export const SYNONYM_GROUPS: readonly { source: string; terms: readonly string[] }[] = [
  {
    source: 'issue 23 (عطل/انقطاع/النور قاطع); the FAULTS_COMPLAINTS description (انقطاع التيار، تذبذب الجهد)',
    terms: [
      'عطل',
      'انقطاع',
      'انقطاع التيار',
      'انقطاع الكهرباء',
      'قطع الكهرباء',
      'النور قاطع',
      'النور مقطوع',
      'الكهرباء قاطعة',
      'الكهربا قاطعة',
      'الكهربا مقطوعة',
      'النور فاصل',
      'الكهربا فاصلة',
      'مفيش نور',
      'مفيش كهربا',
      'ضلمة',
      'تذبذب',
      'ماس',
      'شرار',
      'سلك مكشوف',
      'power cut',
      'power outage',
      'outage',
      'blackout',
      'power failure',
      'no power',
      'no electricity',
      'fault',
      'breakdown',
    ],
  },
  {
    source: 'issue 23 (شكوى/شكاوى/بلاغ); the labels of FAULTS_COMPLAINTS, STREET_LIGHTING, ELECTRICITY_THEFT_REPORT',
    terms: ['شكوى', 'بلاغ', 'إبلاغ', 'أبلغ', 'اشتكي', 'complaint', 'complain', 'report'],
  },
  {
    source: 'issue 23 (عداد جديد/تركيب عداد); the labels of CODEMETER and LMIFT',
    terms: [
      'عداد جديد',
      'تركيب عداد',
      'ركب عداد',
      'أركب عداد',
      'تركيب',
      'new meter',
      'meter installation',
      'install meter',
      'install a meter',
      'installation',
      'install',
    ],
  },
  {
    source: 'issue 23 (كارت/كرت); the CHARGE_CARD_REPLACEMENT and prepaid labels (كارت الشحن، مسبق الدفع)',
    terms: ['كارت', 'كارت الشحن', 'كارت شحن', 'مسبق الدفع', 'card', 'charge card', 'prepaid card', 'prepaid'],
  },
  {
    source: 'prepaid meters, as people name them («عداد الكارت»); PREPAID_* and SMART_METER_UPGRADE labels',
    terms: ['عداد مسبق الدفع', 'عداد كارت', 'عداد الكارت', 'عداد شحن', 'prepaid meter', 'card meter'],
  },
  {
    source: 'top-up words (شحن الكارت، رصيد); PREPAID_RECHARGE_ISSUE, CHARGE_CARD_REPLACEMENT',
    terms: ['شحن', 'اشحن', 'بيشحن', 'شحنت', 'رصيد', 'recharge', 'top-up', 'top up', 'charging', 'charge'],
  },
  {
    source: 'problem words; PREPAID_RECHARGE_ISSUE and tickets labels',
    terms: ['مشكلة', 'مشكله', 'مش راضي', 'problem', 'issue', 'trouble'],
  },
  {
    source: 'meter, both languages (so a query in the other language still finds meter services)',
    terms: ['عداد', 'meter'],
  },
  {
    source: 'code meters: عداد كودي, also «ممارسة» in everyday use; the CODEMETER label',
    terms: ['كودي', 'ممارسة', 'عداد ممارسة', 'code', 'coded', 'code meter'],
  },
  {
    source: 'legalisation (تقنين); the LMIFT label «عداد قانوني لأول مرة»',
    terms: ['قانوني', 'تقنين', 'تقنين أوضاع', 'تصالح', 'legal', 'legalisation', 'legalization', 'first-time', 'first time'],
  },
  {
    source: 'bills; PAYBILLS, BILL_CALCULATOR, BILL_OBJECTION labels',
    terms: ['فاتورة', 'bill', 'invoice'],
  },
  {
    source: 'paying; the PAYBILLS label (سداد)',
    terms: ['سداد', 'دفع', 'ادفع', 'أدفع', 'سدد', 'أسدد', 'اسدد', 'pay', 'payment', 'paying'],
  },
  {
    source: 'objecting to a bill; the BILL_OBJECTION label (التظلم)',
    terms: [
      'تظلم',
      'اعتراض',
      'فاتورة عالية',
      'فاتورة غالية',
      'فاتورة غلط',
      'فاتورة كبيرة',
      'objection',
      'dispute',
      'appeal',
      'wrong bill',
      'high bill',
    ],
  },
  {
    source: 'the bill calculator and the tariff brackets people ask about (شرائح)',
    terms: [
      'حاسبة',
      'احسب',
      'حساب الفاتورة',
      'شريحة',
      'تعريفة',
      'أسعار الكهرباء',
      'calculator',
      'calculate',
      'estimate',
      'tariff',
    ],
  },
  {
    source: 'arrears and dues; the ARREARS_INSTALLMENT and NO_ARREARS_CERT labels',
    terms: ['مديونية', 'متأخرات', 'دين', 'مستحقات', 'فلوس متأخرة', 'arrears', 'debt', 'dues', 'overdue'],
  },
  {
    source: 'instalments; the ARREARS_INSTALLMENT label (تقسيط)',
    terms: ['تقسيط', 'قسط', 'أقسط', 'instalment', 'instalments', 'installment plan'],
  },
  {
    source: 'no-dues certificate (براءة ذمة, also «خلو مديونية», «مخالصة»); the NO_ARREARS_CERT label',
    terms: [
      'براءة ذمة',
      'خلو مديونية',
      'مخالصة',
      'no arrears',
      'no dues',
      'clearance',
      'clearance certificate',
      'no outstanding',
    ],
  },
  {
    source: 'certificates and papers; CCC and NO_ARREARS_CERT labels',
    terms: ['شهادة', 'إفادة', 'ورقة', 'certificate', 'document', 'paper'],
  },
  {
    source: 'consumption statement; the CONSUMPTION_STATEMENT label',
    terms: ['استهلاك', 'كشف استهلاك', 'بيان استهلاك', 'consumption', 'usage', 'statement'],
  },
  {
    source: 'meter reading; the METER_READING label',
    terms: ['قراءة', 'قراية', 'قري', 'أقرأ', 'تسجيل القراءة', 'صورة العداد', 'reading', 'read', 'readings'],
  },
  {
    source: 'adding a meter to an account; the ADD_METER label',
    terms: ['إضافة', 'أضيف', 'ضيف', 'اضافة عداد', 'add', 'register', 'link', 'حسابي', 'my account', 'account'],
  },
  {
    source: 'replacing; the PREPAID_METER_REPLACEMENT, SMART_METER_UPGRADE and CHARGE_CARD_REPLACEMENT labels',
    terms: ['استبدال', 'تبديل', 'بدل', 'تغيير العداد', 'أغير العداد', 'replace', 'replacement', 'swap', 'upgrade'],
  },
  {
    source: 'broken or lost (بايظ، عطلان، ضايع); the PREPAID_METER_REPLACEMENT and CHARGE_CARD_REPLACEMENT labels',
    terms: ['معطل', 'عطلان', 'بايظ', 'بايظة', 'خربان', 'تالف', 'faulty', 'broken', 'damaged', 'not working'],
  },
  {
    source: 'lost (ضايع، ضاع); the CHARGE_CARD_REPLACEMENT label (بدل فاقد)',
    terms: ['فاقد', 'ضايع', 'ضاع', 'مفقود', 'اتسرق', 'lost', 'missing'],
  },
  {
    source: 'the conventional meter; the SMART_METER_UPGRADE label',
    terms: ['تقليدي', 'العداد القديم', 'عداد قديم', 'عداد عادي', 'conventional', 'old meter', 'analogue'],
  },
  {
    source: 'testing and calibration; the METER_TESTING label; «العداد بيعد بسرعة» as people say it',
    terms: [
      'فحص',
      'معايرة',
      'اختبار',
      'العداد سريع',
      'العداد بيعد بسرعة',
      'العداد بيحسب غلط',
      'test',
      'testing',
      'calibration',
      'calibrate',
      'check',
      'meter too fast',
    ],
  },
  {
    source: 'moving a meter; the METER_RELOCATION label (نقل مكان)',
    terms: ['نقل مكان', 'تحريك', 'أنقل', 'انقل', 'relocation', 'relocate', 'move', 'moving'],
  },
  {
    source: 'removing a meter (شيل، فك); the METER_REMOVAL label (رفع)',
    terms: ['رفع العداد', 'شيل العداد', 'فك العداد', 'إزالة العداد', 'remove', 'removal', 'take out'],
  },
  {
    source: 'ownership and name transfer; the NAME_CHANGE label',
    terms: [
      'نقل ملكية',
      'تغيير اسم',
      'تغيير الاسم',
      'تغيير اسم المشترك',
      'العداد باسمي',
      'العداد على اسمي',
      'name change',
      'change name',
      'change of name',
      'ownership transfer',
      'transfer ownership',
      'new owner',
    ],
  },
  {
    source: 'contracts (عقد); the CCC, CONTRACT_TYPE_CHANGE, CONTRACT_CANCELLATION labels',
    terms: ['تعاقد', 'عقد', 'contract'],
  },
  {
    source: 'commercial use (محل); the CONTRACT_TYPE_CHANGE label (تجاري)',
    terms: ['تجاري', 'محل', 'دكان', 'commercial', 'shop', 'store'],
  },
  {
    source: 'home use; the CONTRACT_TYPE_CHANGE label (منزلي)',
    terms: ['منزلي', 'سكني', 'بيت', 'شقة', 'residential', 'home', 'house', 'flat', 'apartment'],
  },
  {
    source: 'ending a contract; the CONTRACT_CANCELLATION label (إنهاء، استرداد التأمين)',
    terms: ['إنهاء', 'إلغاء', 'فسخ', 'cancel', 'cancellation', 'termination', 'terminate', 'end'],
  },
  {
    source: 'deposit refund; the CONTRACT_CANCELLATION label',
    terms: ['استرداد', 'استرجاع', 'ترجيع', 'تأمين', 'refund', 'deposit', 'insurance'],
  },
  {
    source: 'connecting supply; the POWER_* , TEMP_CONSTRUCTION and EV_CHARGER_CONNECTION labels (توصيل التيار)',
    terms: ['توصيل', 'وصلة', 'إدخال', 'إدخال كهرباء', 'توصيل كهرباء', 'connection', 'connect', 'supply', 'hook up'],
  },
  {
    source: 'buildings under construction; the TEMP_CONSTRUCTION label',
    terms: ['مؤقت', 'تحت الإنشاء', 'إنشاء', 'بناء', 'مبنى', 'عمارة', 'construction', 'temporary', 'building'],
  },
  {
    source: 'business supply; the POWER_SME and POWER_INVESTMENT labels',
    terms: ['مشروع', 'مصنع', 'شركة', 'ورشة', 'استثمار', 'استثماري', 'project', 'factory', 'company', 'business', 'investment'],
  },
  {
    source: 'small businesses; the POWER_SME label',
    terms: ['صغيرة ومتوسطة', 'مشروع صغير', 'sme', 'small business', 'small and medium'],
  },
  {
    source: 'load increase (تكبير العداد، زيادة الأمبير); the LOAD_INCREASE label',
    terms: ['زيادة القدرة', 'زيادة الحمل', 'تكبير العداد', 'زيادة الأمبير', 'load increase', 'increase load', 'more power'],
  },
  {
    source: 'load and capacity; the LOAD_INCREASE label (القدرة)',
    terms: ['قدرة', 'حمل', 'أمبير', 'load', 'capacity', 'amperage', 'amps'],
  },
  {
    source: 'solar (ألواح، طاقة شمسية); the SOLAR_NET_METERING label',
    terms: ['شمسي', 'طاقة شمسية', 'لوح', 'ألواح شمسية', 'solar', 'solar panel', 'photovoltaic', 'pv', 'net metering'],
  },
  {
    source: 'electric cars (عربية كهربا); the EV_CHARGER_CONNECTION label',
    terms: ['سيارة', 'عربية', 'عربية كهربا', 'سيارة كهربائية', 'شاحن', 'car', 'vehicle', 'ev', 'charger', 'electric car'],
  },
  {
    source: 'street lighting (نور الشارع، عمود النور); the STREET_LIGHTING label',
    terms: [
      'إنارة',
      'إنارة عامة',
      'نور',
      'نور الشارع',
      'عمود نور',
      'عمود النور',
      'لمبة الشارع',
      'إضاءة',
      'street light',
      'street lighting',
      'streetlight',
      'lamp post',
      'lighting',
      'light',
    ],
  },
  {
    source: 'theft (سرقة، وصلة مسروقة); the ELECTRICITY_THEFT_REPORT label',
    terms: [
      'سرقة',
      'سرقة تيار',
      'سرقة كهرباء',
      'حرامي',
      'تعدي',
      'وصلة مسروقة',
      'theft',
      'stealing',
      'steal',
      'illegal connection',
    ],
  },
  {
    source: 'technical support (the site or app); the tickets label',
    terms: [
      'تذكرة',
      'دعم فني',
      'الدعم الفني',
      'مساعدة',
      'مشكلة في الموقع',
      'مشكلة في التطبيق',
      'support',
      'ticket',
      'help',
      'technical support',
      'helpdesk',
    ],
  },
  {
    source: 'customer service and appointments; the APPOINTMENT_BOOKING label',
    terms: ['موعد', 'حجز', 'ميعاد', 'appointment', 'booking', 'book', 'خدمة العملاء', 'customer service'],
  },
  {
    source: 'field visits; the FIELD_INSPECTION label (معاينة)',
    terms: ['معاينة', 'زيارة', 'مهندس', 'inspection', 'visit', 'inspect'],
  },
];
/* eslint-enable lingui/no-unlocalized-strings */
