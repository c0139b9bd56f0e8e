import type { SeedAppData, SeedFaqEntry, SeedNewsItem } from '../types.ts';

const news_ = (id: string, publishedAt: string, ar: [string, string], en: [string, string]): SeedNewsItem => ({
  id,
  publishedAt,
  featuredImage: [{ url: `/images/news/${id}.svg` }],
  translations: { ar: { title: ar[0], body: ar[1] }, en: { title: en[0], body: en[1] } },
});

export const news: SeedNewsItem[] = [
  news_('portal-beta-launch', '2026-11-01T10:00:00+02:00',
    ['إطلاق النسخة التجريبية من بوابة كهرباء', 'أطلقت الشركة القابضة لكهرباء مصر النسخة التجريبية من بوابة الخدمات الإلكترونية الجديدة، التي تتيح للمواطنين تقديم الطلبات ومتابعتها وسداد الفواتير وتسجيل قراءات العدادات من أي جهاز، حتى دون اتصال بالإنترنت. ونرحب بملاحظاتكم من خلال صفحة التواصل.'],
    ['Kahraba portal beta launched', 'The Egyptian Electricity Holding Company has launched the beta of its new e-services portal. Citizens can file and follow requests, pay bills and submit meter readings from any device, even without an internet connection. Please send us your feedback through the contact page.']),
  news_('cashback-app-payments', '2026-10-20T09:00:00+02:00',
    ['استرداد نقدي عند السداد عبر التطبيق', 'يحصل المشتركون على استرداد نقدي عند سداد فواتير الكهرباء ورسوم الخدمات من خلال تطبيق كهرباء على الهاتف المحمول، وذلك لفترة محدودة وبحد أقصى للعملية الواحدة.'],
    ['Cashback on in-app payments', 'Subscribers get cashback when they pay electricity bills and service fees through the Kahraba mobile app, for a limited period and up to a maximum per payment.']),
  news_('prepaid-charging-post-offices', '2026-09-28T11:00:00+02:00',
    ['شحن كروت العدادات مسبقة الدفع في مكاتب البريد', 'أصبح بإمكان المشتركين شحن كروت العدادات مسبقة الدفع في جميع مكاتب البريد المصري، إلى جانب منافذ شركات التوزيع ومحطات الشحن المعتمدة.'],
    ['Prepaid meter cards can be charged at post offices', 'Subscribers can now charge prepaid meter cards at every Egypt Post office, in addition to the distribution companies\u2019 outlets and approved charging points.']),
  news_('summer-load-tips', '2026-07-05T09:30:00+02:00',
    ['نصائح لترشيد الاستهلاك في فصل الصيف', 'اضبط جهاز التكييف على 25 درجة، وأطفئ الأجهزة غير المستخدمة، واستخدم اللمبات الموفرة، وشغّل الأجهزة كثيفة الاستهلاك خارج ساعات الذروة من السابعة مساءً حتى الحادية عشرة مساءً.'],
    ['Tips to save electricity this summer', 'Set the air conditioner to 25 °C, switch off appliances you are not using, use energy-saving lamps, and run heavy appliances outside the peak hours from 7 pm to 11 pm.']),
  news_('new-service-centers-2026', '2026-06-15T10:00:00+02:00',
    ['افتتاح مراكز خدمة جديدة في ست محافظات', 'افتتحت شركات التوزيع مراكز خدمة عملاء جديدة في الجيزة والشرقية والمنيا وسوهاج وأسوان ومطروح، تعمل من التاسعة صباحًا حتى الخامسة مساءً يوميًا عدا الجمعة.'],
    ['New service centers open in six governorates', 'The distribution companies opened new customer service centers in Giza, Sharqia, Minya, Sohag, Aswan and Matrouh, open from 9:00 to 17:00 every day except Friday.']),
  news_('solar-net-metering', '2026-05-10T12:00:00+02:00',
    ['تيسير إجراءات صافي القياس للطاقة الشمسية', 'يمكن لأصحاب محطات الطاقة الشمسية الصغيرة على أسطح المنازل التقدم إلكترونيًا بطلب تركيب عداد صافي القياس، ومتابعة الطلب حتى التعاقد دون زيارة الفرع.'],
    ['Simpler net metering for rooftop solar', 'Owners of small rooftop solar plants can now apply online for a net-metering meter and follow the request up to the contract without visiting a branch.']),
  news_('planned-maintenance-october', '2026-10-02T08:00:00+02:00',
    ['أعمال صيانة مجدولة لشبكات التوزيع', 'تجري شركات التوزيع أعمال صيانة دورية للشبكات في عدد من المناطق خلال شهر أكتوبر، مع الإعلان المسبق عن مواعيد الفصل ومدتها عبر البوابة والرسائل النصية.'],
    ['Scheduled maintenance of distribution networks', 'The distribution companies are carrying out routine network maintenance in several areas during October. Outage times and durations are announced in advance on the portal and by SMS.']),
  news_('e-payment-channels', '2026-04-01T09:00:00+02:00',
    ['قنوات جديدة للدفع الإلكتروني', 'أصبح سداد الفواتير والرسوم متاحًا بالبطاقات البنكية والمحافظ الإلكترونية وبرقم مرجعي يُسدد في منافذ الدفع، مع ظهور حالة السداد في البوابة فور تأكيدها من بوابة الدفع.'],
    ['New e-payment channels', 'Bills and fees can now be paid by bank card, mobile wallet, or with a reference number at payment outlets; the payment status appears on the portal as soon as the gateway confirms it.']),
];

const faq_ = (id: string, group: string, order: number, g: [string, string], ar: [string, string], en: [string, string]): SeedFaqEntry => ({
  id,
  group,
  order,
  translations: { ar: { group: g[0], question: ar[0], answer: ar[1] }, en: { group: g[1], question: en[0], answer: en[1] } },
});
const ACCOUNTS: [string, string] = ['الحساب', 'Account'];
const METERS: [string, string] = ['العدادات', 'Meters'];
const BILLS: [string, string] = ['الفواتير والمدفوعات', 'Bills and payments'];
const REQUESTS: [string, string] = ['الطلبات', 'Requests'];
const SUPPORT: [string, string] = ['الدعم والتواصل', 'Support and contact'];

export const faqs: SeedFaqEntry[] = [
  faq_('faq-meter-install-time', 'meters', 1, METERS,
    ['كم يستغرق تركيب العداد؟', 'يتم تركيب العداد خلال 7 أيام عمل من سداد رسوم المعاينة إذا كانت التغذية الكهربائية متوفرة، ثم 8 أيام أخرى.'],
    ['How long does meter installation take?', 'The meter is installed within 7 working days after you pay the inspection fee, if power is available at the site, then 8 more days.']),
  faq_('faq-first-connection', 'requests', 1, REQUESTS,
    ['كم يستغرق توصيل التيار لأول مرة على الجهد المنخفض؟', 'إجمالي المدة 16 يومًا: يوم لتقديم الطلب، و7 أيام حتى مرحلة السداد، و8 أيام بعد سداد الرسوم واستيفاء التصاريح.'],
    ['How long does a first low-voltage connection take?', '16 days in total: 1 day to file the request, 7 days to the payment step, and 8 days after the fee is paid and the permits are complete.']),
  faq_('faq-claim-validity', 'requests', 2, REQUESTS,
    ['ما مدة صلاحية المعاينة أو المقايسة؟', 'المعاينة أو المقايسة صالحة لمدة ثلاثة أشهر من تاريخها، وبعدها يلزم طلب معاينة جديدة.'],
    ['How long is an inspection or estimate valid?', 'An inspection or estimate (claim) is valid for three months from its date; after that a new inspection is needed.']),
  faq_('faq-hotline', 'support', 1, SUPPORT,
    ['ما رقم خدمة العملاء؟', 'الخط الساخن الموحد لخدمة العملاء هو 121، ويعمل الدعم الفني من الثامنة صباحًا حتى منتصف الليل.'],
    ['What is the customer service number?', 'The unified customer service hotline is 121; technical support answers from 8:00 to 24:00.']),
  faq_('faq-branch-hours', 'support', 2, SUPPORT,
    ['ما مواعيد عمل الفروع؟', 'تعمل الفروع ومراكز الخدمة من التاسعة صباحًا حتى الخامسة مساءً يوميًا عدا يوم الجمعة.'],
    ['What are the branch opening hours?', 'Branches and service centers are open from 9:00 to 17:00 every day except Friday.']),
  faq_('faq-create-account', 'accounts', 1, ACCOUNTS,
    ['كيف أنشئ حسابًا على البوابة؟', 'اضغط «إنشاء حساب» وأدخل اسم المستخدم والرقم القومي ورقم المحمول والبريد الإلكتروني وكلمة مرور قوية، ثم فعّل البريد الإلكتروني من الرابط المرسل إليك.'],
    ['How do I create an account?', 'Choose “Sign up”, enter a username, your national ID, mobile number, e-mail address and a strong password, then verify your e-mail with the link we send you.']),
  faq_('faq-forgot-password', 'accounts', 2, ACCOUNTS,
    ['نسيت كلمة المرور، ماذا أفعل؟', 'اختر «نسيت كلمة المرور» ثم استعدها عبر البريد الإلكتروني أو برسالة نصية تحتوي على رمز تحقق صالح لدقائق معدودة.'],
    ['I forgot my password. What can I do?', 'Choose “Forgot password” and reset it by e-mail or with a text message containing a code that is valid for a few minutes.']),
  faq_('faq-add-meter', 'meters', 2, METERS,
    ['كيف أضيف عدادي إلى حسابي؟', 'من «عداداتي» اختر «إضافة عداد» وأدخل رقم العداد والكود الموحد كما يظهران في الفاتورة، وستتم مراجعة الطلب واعتماده.'],
    ['How do I add my meter to my account?', 'In “My meters” choose “Add meter” and enter the meter number and the subscriber code printed on your bill; the request is reviewed and approved.']),
  faq_('faq-reading-offline', 'meters', 3, METERS,
    ['هل يمكنني تسجيل قراءة العداد دون إنترنت؟', 'نعم، تُحفظ القراءة على جهازك وتُرسل تلقائيًا مرة واحدة عند عودة الاتصال، ويمكنك متابعة القراءات المنتظرة من الشاشة نفسها.'],
    ['Can I submit a meter reading without internet?', 'Yes. The reading is kept on your device and sent once, automatically, when you are back online; you can see the readings waiting on the same screen.']),
  faq_('faq-code-meter', 'meters', 4, METERS,
    ['ما هو العداد الكودي؟', 'عداد مؤقت يُركّب لمن يستخدمون التيار دون عداد قانوني، ويُستبدل لاحقًا بعداد قانوني أو يُرفع عند تقنين الوضع.'],
    ['What is a code meter?', 'A temporary meter installed for people drawing power without a legal meter; it is later replaced by a legal meter or removed.']),
  faq_('faq-pay-online', 'bills', 1, BILLS,
    ['كيف أسدد فاتورتي إلكترونيًا؟', 'من خدمة «سداد الفواتير» اختر الفواتير المستحقة، وراجع الإجمالي ورسوم الخدمة ورسوم بوابة الدفع، ثم ادفع بالبطاقة أو برقم مرجعي.'],
    ['How do I pay my bill online?', 'In “Pay bills” select the bills due, review the total, the service fee and the gateway fee, then pay by card or with a reference number.']),
  faq_('faq-older-bills', 'bills', 2, BILLS,
    ['لماذا لا أستطيع سداد الفاتورة الأحدث أولًا؟', 'يجب سداد الفواتير الأقدم أولًا حسب ترتيب الاستحقاق، ويمكنك اختيار أكثر من فاتورة في عملية سداد واحدة.'],
    ['Why can’t I pay the newest bill first?', 'Older bills must be paid first, in order of their due dates; you can select several bills in one payment.']),
  faq_('faq-payment-status', 'bills', 3, BILLS,
    ['دفعت ولم تظهر حالة السداد، ماذا أفعل؟', 'تظهر الحالة بعد تأكيد بوابة الدفع، وقد يستغرق ذلك دقائق. استخدم زر «تحديث الحالة» ولا تكرر الدفع.'],
    ['I paid but the status has not changed. What should I do?', 'The status changes once the payment gateway confirms, which can take a few minutes. Use “Refresh status” and do not pay again.']),
  faq_('faq-track-request', 'requests', 3, REQUESTS,
    ['كيف أتابع طلبي؟', 'من «طلباتي» افتح الطلب لتشاهد حالته الحالية والمسار الزمني لكل خطوة وتعليقات الموظفين والمستندات المطلوبة.'],
    ['How do I follow my request?', 'Open the request from “My requests” to see its current status, the timeline of every step, employee comments and the documents needed.']),
  faq_('faq-drafts', 'requests', 4, REQUESTS,
    ['هل يمكنني حفظ الطلب واستكماله لاحقًا؟', 'نعم، اضغط «حفظ كمسودة» في أي وقت، وستجد المسودة في «طلباتي» لاستكمالها وإرسالها.'],
    ['Can I save a request and finish it later?', 'Yes. Choose “Save as draft” at any time; the draft waits in “My requests” until you complete and send it.']),
];

export const appData: SeedAppData = {
  title: 'كهرباء',
  description: 'بوابة الخدمات الإلكترونية لشركات توزيع الكهرباء',
  url: '/icons/logo.svg',
  translations: {
    ar: { title: 'كهرباء', description: 'بوابة الخدمات الإلكترونية لشركات توزيع الكهرباء' },
    en: { title: 'Kahraba', description: 'The e-services portal of the electricity distribution companies' },
  },
  config: {
    alerts: [
      {
        id: 'hotline',
        type: 'info',
        data: { ar: 'للإبلاغ عن الأعطال على مدار الساعة اتصل بالخط الساخن 121.', en: 'To report a fault at any hour, call the hotline 121.' },
      },
    ],
    occasion: { show: false, text: { ar: 'كل عام وأنتم بخير', en: 'Season’s greetings' } },
    employeeAppConfig: { employeeAppLink: '/downloads/kahraba-employee.apk' },
    hotline: '121',
    version: '9.5.2',
  },
  minIOConfig: { usingMinIO: false, domain: '', publicBucket: 'public' },
};
