/*
 * Everyday words for the portal's texts (decision 068): how citizens say what the FAQ entries and services are
 * about, in Egyptian Arabic, English loanwords written in Arabic letters and plain English, where the seeded texts
 * use the formal word. Kept as data beside the synonym groups (src/lib/text/synonyms.ts, which serve every search);
 * these serve Noor's retrieval only. Sources: the hotline's common questions in issue 27, the seeded texts' own
 * formal words, Egyptian usage.
 */

export const FAQ_KEYWORDS: Readonly<Record<string, string>> = {
  'faq-meter-installation-time': 'العداد هيتركب امتى مدة التركيب قد ايه كام يوم how long install meter days',
  'faq-first-connection-time': 'اول مرة لاول مره توصيل التيار جهد منخفض مدة first time connection low voltage days',
  'faq-code-vs-legal-meter': 'الفرق بين كودي وقانوني ايه الفرق difference code legal meter',
  'faq-add-meter': 'اضيف عدادي اربط العداد بحسابي الاكونت حسابي add link my meter to my account',
  'faq-meter-reading': 'القراية اترفضت مرفوضة رفض القراءة غلط rejected reading refused wrong',
  'faq-payment-methods':
    'ادفع ازاي طرق الدفع فوري البوستة البريد المحفظة فودافون كاش الفيزا الكارت pay how fawry wallet card post office',
  'faq-oldest-bills-first': 'الفواتير القديمة الاول الاقدم قبل الجديدة ترتيب older bills first order',
  'faq-payment-fees': 'رسوم مصاريف عمولة الدفع اونلاين الالكتروني fees commission charges online',
  'faq-app-cashback': 'كاش باك استرداد نقدي الابلكيشن التطبيق cashback app',
  'faq-claim-validity': 'صلاحية مدة المعاينة المقايسة كام شهر صالحة valid validity estimate inspection months',
  'faq-track-request': 'اتابع متابعة طلبي طلباتي track follow my request',
  'faq-drafts': 'احفظ مسودة اكمل بعدين لاحقا draft save later finish',
  'faq-awaiting-payment': 'انتظار السداد واقف معلق awaiting payment pending stuck',
  'faq-create-account': 'حساب جديد اكونت انشاء تسجيل اشترك sign up register new account create',
  'faq-forgot-password': 'نسيت الباسورد كلمة السر كلمة المرور forgot password reset',
  'faq-hotline': 'الخط الساخن رقم خدمة العملاء اكلم مين اتصل تليفون hotline phone number call customer service',
  'faq-branch-hours': 'مواعيد الفرع المركز بيفتح يقفل الساعة كام الجمعة branch center opening hours open friday',
  'faq-support-hours': 'الدعم الفني مواعيد شغال لحد امتى support technical hours',
};

export const SERVICE_KEYWORDS: Readonly<Record<string, string>> = {
  FAULTS_COMPLAINTS: 'شكوى اشتكي النور قاطع الكهربا مقطوعة عطل complaint outage fault power cut',
  ELECTRICITY_THEFT_REPORT: 'بيسرق سرقة تيار وصلة مخالفة ابلغ theft stealing illegal connection',
  PREPAID_RECHARGE_ISSUE: 'الشحن مش راضي يشحن الكارت مش بيشحن top up recharge not working',
  PREPAID_METER_REPLACEMENT: 'العداد ابو كارت بايظ عطلان مسبق الدفع faulty broken prepaid meter',
  CHARGE_CARD_REPLACEMENT: 'الكارت ضاع اتكسر بدل فاقد تالف lost damaged card',
  METER_TESTING: 'العداد بيعد بسرعة بيجري اختبار فحص معايرة meter running fast test calibration',
  POWER_SME: 'مشروع صغير ورشة محل small business workshop shop',
  NAME_CHANGE: 'نقل ملكية باسمي اغير الاسم transfer ownership my name',
  ADD_METER: 'اضيف عداد لحسابي اربط العداد add my meter account',
};
