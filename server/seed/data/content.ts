import type { SeedAppData, SeedFaqEntry, SeedNewsItem } from '../types.ts';

/* Public content: news announcements, the FAQ, and the application data (title, alerts, hotline, version). */

const newsItem = (
  id: string,
  publishedAt: string,
  ar: { title: string; body: string },
  en: { title: string; body: string },
): SeedNewsItem => ({
  id,
  translations: { ar, en },
  featuredImage: [{ url: `/images/news/${id}.svg` }],
  publishedAt,
});

export const news: SeedNewsItem[] = [
  newsItem(
    'news-smart-meter-initiative',
    '2026-01-04T10:00:00+02:00',
    {
      title: 'بدء مبادرة استبدال العدادات التقليدية بعدادات مسبقة الدفع',
      body: 'تبدأ شركات توزيع الكهرباء اعتبارًا من أول يناير ٢٠٢٦ تلقي طلبات استبدال العدادات التقليدية بعدادات مسبقة الدفع دون رسوم، وتستمر المبادرة حتى ٣١ ديسمبر ٢٠٢٧.\n\nيمكن للمشتركين تقديم الطلب من خدمة «استبدال العداد التقليدي بعداد مسبق الدفع» على البوابة، بشرط سداد الفواتير المستحقة على العداد الحالي، وسيُبلَّغ كل مشترك بموعد الزيارة برسالة نصية.',
    },
    {
      title: 'Prepaid meter replacement initiative begins',
      body: 'From 1 January 2026, the distribution companies accept requests to replace conventional meters with prepaid meters free of charge; the initiative runs until 31 December 2027.\n\nSubscribers can apply through the “Replacing a conventional meter with a prepaid meter” service on the portal, provided the bills on the current meter are paid. Each subscriber is told the visit date by text message.',
    },
  ),
  newsItem(
    'news-portal-beta',
    '2026-01-12T09:00:00+02:00',
    {
      title: 'إطلاق النسخة التجريبية من بوابة كهرباء للخدمات الإلكترونية',
      body: 'أطلقت الشركة القابضة لكهرباء مصر النسخة التجريبية من بوابة «كهرباء»، التي تتيح للمواطنين تقديم طلبات العدادات وتوصيل التيار ومتابعتها، وسداد الفواتير والرسوم إلكترونيًا، وتسجيل قراءات العدادات.\n\nتعمل البوابة باللغتين العربية والإنجليزية، ويمكن تثبيتها على الهاتف المحمول واستخدام صفحاتها التي سبقت زيارتها دون اتصال بالإنترنت. نرحب بملاحظاتكم عبر تذاكر الدعم الفني أو الخط الساخن ١٢١.',
    },
    {
      title: 'Kahraba e-services portal launches in beta',
      body: 'The Egyptian Electricity Holding Company has launched the beta of the “Kahraba” portal, where citizens can file and follow meter and power connection requests, pay bills and fees online, and register meter readings.\n\nThe portal works in Arabic and English, can be installed on a mobile phone, and keeps the pages you visited available offline. We welcome your feedback through support tickets or the 121 hotline.',
    },
  ),
  newsItem(
    'news-e-payment-channels',
    '2026-02-08T11:00:00+02:00',
    {
      title: 'قنوات جديدة لسداد فواتير الكهرباء إلكترونيًا',
      body: 'أصبح بإمكان المشتركين سداد فواتير الكهرباء ورسوم الطلبات من البوابة بالبطاقات البنكية ومحافظ الهاتف المحمول، أو بالحصول على رقم مرجعي والسداد به في منافذ فوري ومكاتب البريد.\n\nتظهر رسوم الخدمة ورسوم بوابة الدفع قبل تأكيد العملية، ويُحدَّث حساب المشترك فور نجاح السداد.',
    },
    {
      title: 'New channels to pay electricity bills online',
      body: 'Subscribers can now pay electricity bills and request fees on the portal by bank card or mobile wallet, or get a reference number and pay it at Fawry outlets and post offices.\n\nThe service fee and the payment gateway fee are shown before you confirm, and the subscriber account is updated as soon as the payment succeeds.',
    },
  ),
  newsItem(
    'news-post-office-charging',
    '2026-03-15T10:30:00+02:00',
    {
      title: 'شحن العدادات مسبقة الدفع في مكاتب البريد',
      body: 'بالتعاون مع الهيئة القومية للبريد، أصبح شحن كروت العدادات مسبقة الدفع متاحًا في أكثر من ٣٬٠٠٠ مكتب بريد على مستوى الجمهورية، في مواعيد عمل المكاتب.\n\nيكفي تقديم كارت الشحن وتحديد المبلغ، ويتسلم المشترك إيصالًا برقم العملية. وإذا لم يُضف الرصيد إلى العداد، يمكنه تسجيل المشكلة من خدمة «مشكلة في شحن العداد مسبق الدفع».',
    },
    {
      title: 'Top up prepaid meters at post offices',
      body: 'In cooperation with the Egyptian National Postal Authority, prepaid meter cards can now be topped up at more than 3,000 post offices across the country, during their working hours.\n\nJust hand over the charge card and state the amount; you receive a receipt with the transaction number. If the credit does not reach the meter, report it through the “Prepaid meter top-up problem” service.',
    },
  ),
  newsItem(
    'news-app-cashback',
    '2026-04-20T12:00:00+02:00',
    {
      title: 'استرداد نقدي عند السداد من تطبيق كهرباء',
      body: 'يحصل المشتركون على استرداد نقدي بنسبة ٥٪ من قيمة الفواتير المسددة من تطبيق «كهرباء» على الهاتف المحمول، بحد أقصى ٥٠ جنيهًا شهريًا، حتى نهاية العام.\n\nيُضاف الاسترداد إلى رصيد المحفظة المستخدمة في السداد خلال سبعة أيام عمل. حمِّل التطبيق من متجر التطبيقات على هاتفك.',
    },
    {
      title: 'Cashback on payments in the Kahraba app',
      body: 'Subscribers get 5% cashback on bills paid in the “Kahraba” mobile app, up to EGP 50 a month, until the end of the year.\n\nThe cashback is credited to the wallet used for the payment within seven working days. Download the app from your phone’s app store.',
    },
  ),
  newsItem(
    'news-solar-net-metering',
    '2026-05-18T09:30:00+02:00',
    {
      title: 'تيسيرات لربط محطات الطاقة الشمسية بنظام صافي القياس',
      body: 'أتاحت البوابة تقديم طلبات ربط محطات الطاقة الشمسية المنزلية والتجارية بنظام صافي القياس إلكترونيًا، مع متابعة مراحل الدراسة الفنية والتركيب واختبار المحطة.\n\nتُخصم الطاقة التي تصدِّرها المحطة إلى الشبكة من استهلاك المشترك، ويُرحَّل الفائض إلى الفواتير التالية. يُشترط تنفيذ المحطة بمعرفة شركة مؤهلة لدى هيئة الطاقة الجديدة والمتجددة.',
    },
    {
      title: 'Easier solar net-metering connections',
      body: 'Requests to connect home and business solar plants under net metering can now be filed on the portal, with the technical study, installation and testing stages followed online.\n\nEnergy the plant exports to the grid is deducted from the subscriber’s consumption, and any surplus carries over to the following bills. The plant must be built by a company qualified with the New and Renewable Energy Authority.',
    },
  ),
  newsItem(
    'news-summer-load-tips',
    '2026-06-10T08:00:00+02:00',
    {
      title: 'نصائح لترشيد الاستهلاك وتخفيف الأحمال في الصيف',
      body: 'مع ارتفاع درجات الحرارة تدعو شركات التوزيع المشتركين إلى ضبط أجهزة التكييف على ٢٥ درجة مئوية، وإطفاء الأجهزة غير المستخدمة، وتشغيل الأجهزة كثيفة الاستهلاك مثل الغسالات والسخانات بعيدًا عن ساعات الذروة من السادسة مساءً حتى الحادية عشرة مساءً.\n\nيساعد ذلك على خفض قيمة الفاتورة وتخفيف الأحمال على الشبكة وتقليل الأعطال في أوقات الذروة.',
    },
    {
      title: 'Tips to save power and ease the summer peak load',
      body: 'As temperatures rise, the distribution companies ask subscribers to set air conditioners to 25°C, switch off unused appliances, and run heavy appliances such as washing machines and water heaters outside the peak hours of 18:00 to 23:00.\n\nThis lowers your bill, eases the load on the grid and reduces faults at peak times.',
    },
  ),
  newsItem(
    'news-new-service-centers',
    '2026-07-22T10:00:00+02:00',
    {
      title: 'افتتاح خمسة مراكز جديدة لخدمة العملاء',
      body: 'افتتحت شركات التوزيع خمسة مراكز جديدة لخدمة العملاء في مدن برج العرب الجديدة ودمياط الجديدة والشيخ زايد و١٥ مايو والسادات، لتقريب الخدمة من المواطنين في المدن الجديدة.\n\nتعمل المراكز من الساعة ٩:٠٠ صباحًا حتى ٥:٠٠ مساءً يوميًا عدا يوم الجمعة، وتجد عناوينها وأرقام هواتفها في صفحة «تواصل معنا».',
    },
    {
      title: 'Five new customer service centers open',
      body: 'The distribution companies have opened five new customer service centers in New Borg El Arab, New Damietta, Sheikh Zayed, 15th of May City and Sadat City, bringing services closer to people in the new cities.\n\nThe centers are open from 9:00 to 17:00 every day except Friday; their addresses and phone numbers are on the “Reach us” page.',
    },
  ),
  newsItem(
    'news-scheduled-maintenance',
    '2026-09-03T09:00:00+02:00',
    {
      title: 'فصل مجدول للتيار لأعمال الصيانة في مناطق بالجيزة',
      body: 'تعلن شركة جنوب القاهرة لتوزيع الكهرباء فصل التيار الكهربائي يوم السبت ١٢ سبتمبر ٢٠٢٦ من الساعة ٨:٠٠ صباحًا حتى ١٢:٠٠ ظهرًا عن أجزاء من مناطق الهرم وفيصل والعمرانية، لإجراء أعمال الصيانة الدورية وتدعيم الشبكة.\n\nتعتذر الشركة عن أي إزعاج، وللاستفسار يمكنكم الاتصال بالخط الساخن ١٢١.',
    },
    {
      title: 'Scheduled maintenance outage in parts of Giza',
      body: 'South Cairo Electricity Distribution Company announces a power cut on Saturday 12 September 2026 from 8:00 to 12:00 in parts of El Haram, Faisal and El Omraniya, for routine maintenance and network reinforcement.\n\nThe company apologises for any inconvenience; for enquiries call the 121 hotline.',
    },
  ),
  newsItem(
    'news-offline-meter-reading',
    '2026-10-05T09:00:00+02:00',
    {
      title: 'سجِّل قراءة عدادك حتى دون اتصال بالإنترنت',
      body: 'أصبح بإمكان المشتركين تسجيل قراءة العداد الشهرية من البوابة أو التطبيق حتى في غياب الاتصال بالإنترنت، إذ تُحفظ القراءة على الجهاز وتُرسَل تلقائيًا مرة واحدة عند عودة الاتصال.\n\nيُفضَّل تسجيل القراءة خلال الأيام العشرة الأولى من كل شهر، لتصدر الفاتورة وفق الاستهلاك الفعلي بدلًا من الاستهلاك التقديري.',
    },
    {
      title: 'Register your meter reading even offline',
      body: 'Subscribers can now register their monthly meter reading on the portal or the app even without an internet connection: the reading is kept on the device and sent automatically, exactly once, when the connection returns.\n\nRegister the reading within the first ten days of each month so that your bill follows your actual consumption instead of an estimate.',
    },
  ),
  newsItem(
    'news-ev-charger-service',
    '2026-11-15T10:00:00+02:00',
    {
      title: 'خدمة جديدة لتوصيل التيار لشواحن السيارات الكهربائية',
      body: 'أعلنت البوابة عن خدمة جديدة لتوصيل التيار إلى شواحن السيارات الكهربائية في المنازل والمجمعات السكنية ومواقف السيارات التجارية بعداد مستقل.\n\nتُتاح الخدمة لتقديم الطلبات بعد ٣٠ يومًا من إطلاقها، ويمكنك الاطلاع الآن على خطواتها ومستنداتها المطلوبة في صفحة الخدمة.',
    },
    {
      title: 'New service: power for electric vehicle chargers',
      body: 'The portal announces a new service to connect power through a separate meter to electric vehicle chargers in homes, residential compounds and commercial car parks.\n\nThe service opens for requests 30 days after its launch; you can already read its steps and required documents on the service page.',
    },
  ),
];

type FaqGroup = 'meters' | 'bills' | 'requests' | 'accounts' | 'support';
const GROUP_TITLES: Record<FaqGroup, { ar: string; en: string }> = {
  meters: { ar: 'العدادات وتوصيل التيار', en: 'Meters and connections' },
  bills: { ar: 'الفواتير والمدفوعات', en: 'Bills and payments' },
  requests: { ar: 'الطلبات', en: 'Requests' },
  accounts: { ar: 'الحساب', en: 'Account' },
  support: { ar: 'التواصل والدعم', en: 'Contact and support' },
};

let faqOrder = 0;
const faq = (id: string, group: FaqGroup, ar: [string, string], en: [string, string]): SeedFaqEntry => ({
  id: `faq-${id}`,
  group,
  order: ++faqOrder,
  translations: {
    ar: { group: GROUP_TITLES[group].ar, question: ar[0], answer: ar[1] },
    en: { group: GROUP_TITLES[group].en, question: en[0], answer: en[1] },
  },
});

export const faqs: SeedFaqEntry[] = [
  faq(
    'meter-installation-time',
    'meters',
    [
      'كم يستغرق تركيب العداد؟',
      'يستغرق تركيب العداد ٧ أيام عمل من تاريخ سداد رسوم المعاينة إذا كان التيار متوفرًا بالمنطقة، ثم ٨ أيام عمل أخرى لتركيب العداد بعد الموافقة.',
    ],
    [
      'How long does a meter installation take?',
      'Installing a meter takes 7 working days from the payment of the inspection fee, if power is available in the area, then 8 more working days to install the meter after approval.',
    ],
  ),
  faq(
    'first-connection-time',
    'meters',
    [
      'كم تستغرق إجراءات توصيل التيار لأول مرة على الجهد المنخفض؟',
      'إجمالي المدة ١٦ يومًا: يوم واحد لتقديم الطلب، و٧ أيام حتى خطوة السداد، و٨ أيام بعد سداد الرسوم واستيفاء التصاريح.',
    ],
    [
      'How long does a first low-voltage connection take?',
      '16 days in total: 1 day for the request, 7 days to the payment step, and 8 days after the fees are paid and the permits obtained.',
    ],
  ),
  faq(
    'code-vs-legal-meter',
    'meters',
    [
      'ما الفرق بين العداد الكودي والعداد القانوني؟',
      'العداد الكودي عداد مسبق الدفع يُركَّب مؤقتًا للوحدات التي تستهلك الكهرباء دون عداد قانوني، ويُستبدل لاحقًا بعداد قانوني أو يُرفع. أما العداد القانوني فيُركَّب بعقد توريد دائم باسم صاحب الوحدة بعد استيفاء المستندات والتراخيص.',
    ],
    [
      'What is the difference between a code meter and a legal meter?',
      'A code meter is a prepaid meter installed temporarily in units that draw power without a legal meter; it is later replaced by a legal meter or removed. A legal meter comes with a permanent supply contract in the unit holder’s name once the documents and permits are complete.',
    ],
  ),
  faq(
    'add-meter',
    'meters',
    [
      'كيف أضيف عدادي إلى حسابي؟',
      'من قائمة «عداداتي» في ملفك الشخصي اختر «إضافة عداد»، وأدخل رقم العداد والكود الموحد وأرفق صورة آخر فاتورة. يظهر العداد في قائمة العدادات المعتمدة بعد مراجعته خلال يومي عمل.',
    ],
    [
      'How do I add my meter to my account?',
      'Under “My meters” in your profile choose “Add meter”, enter the meter number and combined code and attach a picture of the last bill. The meter appears among the approved meters after a review of up to two working days.',
    ],
  ),
  faq(
    'meter-reading',
    'meters',
    [
      'لماذا رُفضت قراءة العداد التي سجَّلتها؟',
      'يجب أن تكون القراءة الحالية أكبر من القراءة السابقة. راجع الأرقام على شاشة العداد وأعد إدخالها دون الأرقام العشرية، فإن كانت صحيحة فقدِّم طلب فحص ومعايرة العداد.',
    ],
    [
      'Why was my meter reading rejected?',
      'The current reading must be greater than the previous one. Check the digits on the meter display and enter them again without decimals; if they are right, file a meter testing request.',
    ],
  ),
  faq(
    'payment-methods',
    'bills',
    [
      'ما طرق سداد فواتير الكهرباء المتاحة؟',
      'يمكنك السداد من البوابة أو التطبيق بالبطاقة البنكية أو محفظة الهاتف المحمول، أو بالحصول على رقم مرجعي والسداد به في منافذ فوري ومكاتب البريد، أو نقدًا في مراكز خدمة العملاء.',
    ],
    [
      'How can I pay my electricity bills?',
      'On the portal or the app by bank card or mobile wallet; with a reference number at Fawry outlets and post offices; or in cash at customer service centers.',
    ],
  ),
  faq(
    'oldest-bills-first',
    'bills',
    [
      'لماذا لا أستطيع سداد فاتورة حديثة قبل الفواتير الأقدم؟',
      'يشترط نظام التحصيل سداد الفواتير الأقدم أولًا، لذا اختر الفواتير بالترتيب من الأقدم إلى الأحدث.',
    ],
    [
      'Why can’t I pay a recent bill before older ones?',
      'The collection system requires older bills to be paid first, so choose the bills in order from the oldest.',
    ],
  ),
  faq(
    'payment-fees',
    'bills',
    [
      'هل توجد رسوم على السداد الإلكتروني؟',
      'تُضاف رسوم خدمة ورسوم بوابة الدفع إلى إجمالي الفواتير، وتظهر جميعها قبل تأكيد عملية الدفع.',
    ],
    [
      'Are there fees for paying online?',
      'A service fee and a payment gateway fee are added to the bills’ total; all of them are shown before you confirm the payment.',
    ],
  ),
  faq(
    'app-cashback',
    'bills',
    [
      'هل أحصل على استرداد نقدي عند السداد من التطبيق؟',
      'نعم، يحصل المشتركون على استرداد نقدي عند سداد الفواتير من تطبيق «كهرباء» على الهاتف المحمول وفق العروض المعلنة في قسم الأخبار.',
    ],
    [
      'Do I get cashback when paying in the app?',
      'Yes, subscribers get cashback on bills paid in the “Kahraba” mobile app, under the offers announced in the news section.',
    ],
  ),
  faq(
    'claim-validity',
    'requests',
    [
      'ما مدة صلاحية المعاينة أو المقايسة؟',
      'المعاينة أو المقايسة سارية لمدة ثلاثة أشهر من تاريخها، ويلزم إعادتها إذا لم تُستكمل الإجراءات خلال هذه المدة.',
    ],
    [
      'How long is an inspection or estimate valid?',
      'An inspection or estimate (claim) is valid for three months from its date; it must be redone if the procedure is not completed within that time.',
    ],
  ),
  faq(
    'track-request',
    'requests',
    [
      'كيف أتابع طلبي؟',
      'من صفحة «طلباتي» تجد جميع طلباتك وحالة كل منها، وتعرض صفحة الطلب المراحل التي مر بها وتعليقات الموظفين. ويصلك إشعار عند كل تغيير في حالة الطلب.',
    ],
    [
      'How do I follow my request?',
      '“My requests” lists all your requests and their status; each request page shows the stages it went through and the staff comments. You are notified each time the status changes.',
    ],
  ),
  faq(
    'drafts',
    'requests',
    [
      'هل يمكنني حفظ الطلب واستكماله لاحقًا؟',
      'نعم، اضغط «حفظ كمسودة» في أي وقت أثناء ملء النموذج، وتجد المسودة في صفحة «طلباتي» لاستكمالها وإرسالها.',
    ],
    [
      'Can I save a request and finish it later?',
      'Yes, press “Save as draft” at any time while filling in the form; the draft waits in “My requests” for you to complete and send it.',
    ],
  ),
  faq(
    'awaiting-payment',
    'requests',
    [
      'لماذا يظل طلبي «في انتظار السداد»؟',
      'الطلبات التي لها رسوم تظل معلقة حتى سداد الرسوم. افتح الطلب واضغط «سداد الرسوم» للدفع إلكترونيًا، أو سدِّد في مركز خدمة العملاء.',
    ],
    [
      'Why does my request stay “Awaiting payment”?',
      'Requests with a fee stay pending until the fee is paid. Open the request and press “Pay the fees” to pay online, or pay at a customer service center.',
    ],
  ),
  faq(
    'create-account',
    'accounts',
    [
      'كيف أنشئ حسابًا على البوابة؟',
      'اضغط «إنشاء حساب»، وأدخل اسمك ورقمك القومي ورقم هاتفك المحمول، ثم أدخل رمز التحقق الذي يصلك في رسالة نصية، واختر كلمة مرور من ٨ إلى ١٥ حرفًا تجمع بين الحروف الكبيرة والصغيرة والأرقام والرموز.',
    ],
    [
      'How do I create an account?',
      'Press “Sign up”, enter your name, national ID and mobile number, then the verification code sent to you by text message, and choose a password of 8 to 15 characters mixing upper- and lower-case letters, digits and symbols.',
    ],
  ),
  faq(
    'forgot-password',
    'accounts',
    [
      'نسيت كلمة المرور، فماذا أفعل؟',
      'اضغط «نسيت كلمة المرور» في صفحة الدخول، واختر استعادتها بالبريد الإلكتروني أو برسالة نصية، ثم أدخل الرمز المرسل واختر كلمة مرور جديدة.',
    ],
    [
      'I forgot my password. What should I do?',
      'Press “Forgot password” on the login page, choose to reset it by e-mail or text message, then enter the code you receive and choose a new password.',
    ],
  ),
  faq(
    'hotline',
    'support',
    [
      'ما رقم الخط الساخن لخدمة العملاء؟',
      'الخط الساخن والرقم الموحد لخدمة العملاء هو ١٢١، ويعمل على مدار الساعة لتلقي بلاغات الأعطال والاستفسارات.',
    ],
    [
      'What is the customer service hotline?',
      'The hotline and unified customer service number is 121; it takes fault reports and enquiries around the clock.',
    ],
  ),
  faq(
    'branch-hours',
    'support',
    [
      'ما مواعيد عمل مراكز خدمة العملاء؟',
      'تعمل مراكز خدمة العملاء من الساعة ٩:٠٠ صباحًا حتى ٥:٠٠ مساءً يوميًا عدا يوم الجمعة، وتجد عناوينها في صفحة «تواصل معنا».',
    ],
    [
      'What are the customer service centers’ hours?',
      'Customer service centers are open from 9:00 to 17:00 every day except Friday; their addresses are on the “Reach us” page.',
    ],
  ),
  faq(
    'support-hours',
    'support',
    [
      'ما مواعيد عمل الدعم الفني للبوابة؟',
      'يعمل الدعم الفني يوميًا من الساعة ٨:٠٠ صباحًا حتى ١٢:٠٠ منتصف الليل، ويمكنك التواصل معه من خدمة «تذاكر الدعم الفني» أو بالاتصال بالرقم ١٢١.',
    ],
    [
      'When is the portal’s technical support available?',
      'Technical support works every day from 8:00 to 24:00; reach it through “Support tickets” or by calling 121.',
    ],
  ),
];

export const appData: SeedAppData = {
  title: 'كهرباء',
  description: 'بوابة الخدمات الإلكترونية للكهرباء: طلبات العدادات وتوصيل التيار وسداد الفواتير',
  url: '/icons/logo.svg',
  translations: {
    ar: { title: 'كهرباء', description: 'بوابة الخدمات الإلكترونية للكهرباء: طلبات العدادات وتوصيل التيار وسداد الفواتير' },
    en: { title: 'Kahraba', description: 'The electricity e-services portal: meter and connection requests, and bill payment' },
  },
  config: {
    alerts: [
      {
        id: 'faults-hotline',
        type: 'info',
        data: {
          ar: 'للإبلاغ عن أعطال الكهرباء على مدار الساعة اتصل بالخط الساخن ١٢١.',
          en: 'To report an electricity fault at any hour, call the hotline 121.',
        },
      },
    ],
    occasion: {
      show: false,
      text: { ar: 'كل عام وأنتم بخير بمناسبة عيد الفطر المبارك', en: 'Eid Mubarak! Best wishes on Eid al-Fitr' },
    },
    employeeAppConfig: { employeeAppLink: '/downloads/kahraba-employee.apk' },
    hotline: '121',
    version: '9.5.2',
  },
  minIOConfig: { usingMinIO: false, domain: '', publicBucket: 'public' },
};
