import { describe, expect, it } from 'vitest';
import { services as seeded } from '../../../server/seed/data/catalog.ts';
import { normalizeArabic } from './arabic-normalize.ts';
import { createSearchIndex, matchesSearch } from './search.ts';

/*
 * Search that understands Arabic (issue 23, decision 048). The everyday queries below are what people type for the
 * services of the seeded catalog (server/seed/data/catalog.ts): standard Arabic, Egyptian colloquial, English, and
 * typos (hamza, ta marbuta, alef maqsura). Each must find its service among the first three results (what a phone
 * shows above the keyboard) in the language of the labels it is typed against; the hit rate (first result and
 * first three) is printed, beside the rate of the search it replaced.
 */

// What the search dialog searches: the services shown in menus (not deactivated, not hidden on web).
const catalog = seeded.filter((s) => !s.deactivated && !(s.hiddenOn ?? []).includes('web'));
const byLang = {
  ar: createSearchIndex(catalog, (s) => s.translations.ar.serviceLabel),
  en: createSearchIndex(catalog, (s) => s.translations.en.serviceLabel),
};

type Kind = 'arabic' | 'colloquial' | 'english' | 'typo';
// [query, expected service, kind]; Arabic and colloquial queries run against the Arabic labels, English ones
// against the English labels.
const QUERIES: [string, string, Kind][] = [
  // issue 23: found nothing before
  ['شكوى', 'FAULTS_COMPLAINTS', 'arabic'],
  ['شكاوى', 'FAULTS_COMPLAINTS', 'arabic'],
  ['تقديم شكوى', 'FAULTS_COMPLAINTS', 'arabic'],
  ['عداد جديد', 'CODEMETER', 'arabic'],
  ['عداد جديد', 'LMIFT', 'arabic'],
  ['انقطاع الكهرباء', 'FAULTS_COMPLAINTS', 'arabic'],
  ['النور قاطع', 'FAULTS_COMPLAINTS', 'colloquial'],
  ['كارت', 'CHARGE_CARD_REPLACEMENT', 'colloquial'],
  ['كرت', 'CHARGE_CARD_REPLACEMENT', 'colloquial'],
  // standard Arabic
  ['عطل', 'FAULTS_COMPLAINTS', 'arabic'],
  ['بلاغ عطل', 'FAULTS_COMPLAINTS', 'arabic'],
  ['تركيب عداد', 'CODEMETER', 'arabic'],
  ['سداد الفواتير', 'PAYBILLS', 'arabic'],
  ['دفع الفاتورة', 'PAYBILLS', 'arabic'],
  ['حاسبة الفاتورة', 'BILL_CALCULATOR', 'arabic'],
  ['التظلم من الفاتورة', 'BILL_OBJECTION', 'arabic'],
  ['تقسيط', 'ARREARS_INSTALLMENT', 'arabic'],
  ['المديونية', 'ARREARS_INSTALLMENT', 'arabic'],
  ['قراءة العداد', 'METER_READING', 'arabic'],
  ['نقل العداد', 'METER_RELOCATION', 'arabic'],
  ['نقل ملكية العداد', 'NAME_CHANGE', 'arabic'],
  ['فحص العداد', 'METER_TESTING', 'arabic'],
  ['براءة ذمة', 'NO_ARREARS_CERT', 'arabic'],
  ['بيان الاستهلاك', 'CONSUMPTION_STATEMENT', 'arabic'],
  ['طاقة شمسية', 'SOLAR_NET_METERING', 'arabic'],
  ['سيارة كهربائية', 'EV_CHARGER_CONNECTION', 'arabic'],
  ['الإنارة العامة', 'STREET_LIGHTING', 'arabic'],
  ['سرقة التيار', 'ELECTRICITY_THEFT_REPORT', 'arabic'],
  ['الدعم الفني', 'tickets', 'arabic'],
  ['زيادة القدرة', 'LOAD_INCREASE', 'arabic'],
  ['إنهاء التعاقد', 'CONTRACT_CANCELLATION', 'arabic'],
  ['شهادة بيانات التعاقد', 'CCC', 'arabic'],
  ['العدادات', 'CODEMETER', 'arabic'],
  ['والشكاوى', 'FAULTS_COMPLAINTS', 'arabic'],
  ['للمشروعات الصغيرة', 'POWER_SME', 'arabic'],
  // Egyptian colloquial
  ['مفيش كهربا', 'FAULTS_COMPLAINTS', 'colloquial'],
  ['الكهربا قاطعة', 'FAULTS_COMPLAINTS', 'colloquial'],
  ['عايز عداد جديد', 'CODEMETER', 'colloquial'],
  ['عداد كودي', 'CODEMETER', 'colloquial'],
  ['عداد ممارسة', 'CODEMETER', 'colloquial'],
  ['تقنين عداد', 'LMIFT', 'colloquial'],
  ['الكارت ضاع', 'CHARGE_CARD_REPLACEMENT', 'colloquial'],
  ['الكارت مش بيشحن', 'PREPAID_RECHARGE_ISSUE', 'colloquial'],
  ['مشكلة في شحن الكارت', 'PREPAID_RECHARGE_ISSUE', 'colloquial'],
  ['عداد الكارت بايظ', 'PREPAID_METER_REPLACEMENT', 'colloquial'],
  ['الفاتورة عالية', 'BILL_OBJECTION', 'colloquial'],
  ['ادفع الفاتورة', 'PAYBILLS', 'colloquial'],
  ['شيل العداد', 'METER_REMOVAL', 'colloquial'],
  ['العداد بيعد بسرعة', 'METER_TESTING', 'colloquial'],
  ['العداد على اسمي', 'NAME_CHANGE', 'colloquial'],
  ['خلو مديونية', 'NO_ARREARS_CERT', 'colloquial'],
  ['عربية كهربا', 'EV_CHARGER_CONNECTION', 'colloquial'],
  ['ألواح شمسية', 'SOLAR_NET_METERING', 'colloquial'],
  ['نور الشارع', 'STREET_LIGHTING', 'colloquial'],
  ['عمود النور', 'STREET_LIGHTING', 'colloquial'],
  ['سرقة كهربا', 'ELECTRICITY_THEFT_REPORT', 'colloquial'],
  ['زيادة الأمبير', 'LOAD_INCREASE', 'colloquial'],
  ['عداد قديم', 'SMART_METER_UPGRADE', 'colloquial'],
  ['محل تجاري', 'CONTRACT_TYPE_CHANGE', 'colloquial'],
  ['كهربا مؤقتة للعمارة', 'TEMP_CONSTRUCTION', 'colloquial'],
  ['مصنع', 'POWER_INVESTMENT', 'colloquial'],
  ['اضيف عداد لحسابي', 'ADD_METER', 'colloquial'],
  ['مشكلة في الموقع', 'tickets', 'colloquial'],
  ['رجوع التأمين', 'CONTRACT_CANCELLATION', 'colloquial'],
  // English
  ['complaint', 'FAULTS_COMPLAINTS', 'english'],
  ['complaints', 'FAULTS_COMPLAINTS', 'english'],
  ['power cut', 'FAULTS_COMPLAINTS', 'english'],
  ['outage', 'FAULTS_COMPLAINTS', 'english'],
  ['new meter', 'CODEMETER', 'english'],
  ['install a meter', 'LMIFT', 'english'],
  ['card', 'CHARGE_CARD_REPLACEMENT', 'english'],
  ['lost card', 'CHARGE_CARD_REPLACEMENT', 'english'],
  ['pay bill', 'PAYBILLS', 'english'],
  ['paying bills', 'PAYBILLS', 'english'],
  ['bill calculator', 'BILL_CALCULATOR', 'english'],
  ['wrong bill', 'BILL_OBJECTION', 'english'],
  ['installment', 'ARREARS_INSTALLMENT', 'english'],
  ['meter readings', 'METER_READING', 'english'],
  ['move my meter', 'METER_RELOCATION', 'english'],
  ['remove meter', 'METER_REMOVAL', 'english'],
  ['calibration', 'METER_TESTING', 'english'],
  ['top up problem', 'PREPAID_RECHARGE_ISSUE', 'english'],
  ['broken prepaid meter', 'PREPAID_METER_REPLACEMENT', 'english'],
  ['solar panels', 'SOLAR_NET_METERING', 'english'],
  ['electric car', 'EV_CHARGER_CONNECTION', 'english'],
  ['street light', 'STREET_LIGHTING', 'english'],
  ['theft', 'ELECTRICITY_THEFT_REPORT', 'english'],
  ['support', 'tickets', 'english'],
  ['transfer ownership', 'NAME_CHANGE', 'english'],
  ['clearance certificate', 'NO_ARREARS_CERT', 'english'],
  ['usage statement', 'CONSUMPTION_STATEMENT', 'english'],
  ['cancel contract', 'CONTRACT_CANCELLATION', 'english'],
  ['shop', 'CONTRACT_TYPE_CHANGE', 'english'],
  ['increase load', 'LOAD_INCREASE', 'english'],
  ['construction', 'TEMP_CONSTRUCTION', 'english'],
  ['factory', 'POWER_INVESTMENT', 'english'],
  // typos: hamza, ta marbuta, alef maqsura, tatweel, diacritics
  ['شكوي', 'FAULTS_COMPLAINTS', 'typo'],
  ['شكاوي', 'FAULTS_COMPLAINTS', 'typo'],
  ['الاعطال', 'FAULTS_COMPLAINTS', 'typo'],
  ['فاتوره', 'PAYBILLS', 'typo'],
  ['الكهربا', 'PAYBILLS', 'typo'],
  ['اضافة عداد', 'ADD_METER', 'typo'],
  ['استبدال العداد', 'PREPAID_METER_REPLACEMENT', 'typo'],
  ['قرائة العداد', 'METER_READING', 'typo'],
  ['معايره', 'METER_TESTING', 'typo'],
  ['الإنـــارة', 'STREET_LIGHTING', 'typo'],
  ['عَدّاد كُودِي', 'CODEMETER', 'typo'],
  ['براءه ذمه', 'NO_ARREARS_CERT', 'typo'],
  ['مبنى تحت الانشاء', 'TEMP_CONSTRUCTION', 'typo'],
];

/*
 * Held-out queries: written after the vocabulary was, and run once before any change to it; not asserted one by
 * one (a miss here is a measured miss, not a bug to tune away), only their hit rate is printed and kept from
 * falling. The queries above were written together with the vocabulary, so their rate overstates real use.
 */
const HELD_OUT: [string, string, Kind][] = [
  ['الكهرباء مقطوعة من امبارح', 'FAULTS_COMPLAINTS', 'colloquial'],
  ['عايز اشتكي', 'FAULTS_COMPLAINTS', 'colloquial'],
  ['شكوى من الموظف', 'FAULTS_COMPLAINTS', 'arabic'],
  ['ازاي اركب عداد', 'CODEMETER', 'colloquial'],
  ['عداد للشقة الجديدة', 'CODEMETER', 'colloquial'],
  ['الكارت اتكسر', 'CHARGE_CARD_REPLACEMENT', 'colloquial'],
  ['شحن العداد', 'PREPAID_RECHARGE_ISSUE', 'arabic'],
  ['دفع فاتورة الكهرباء اونلاين', 'PAYBILLS', 'colloquial'],
  ['استعلام عن الفاتورة', 'PAYBILLS', 'arabic'],
  ['الفاتورة جاية كتير', 'BILL_OBJECTION', 'colloquial'],
  ['قسط المتأخرات', 'ARREARS_INSTALLMENT', 'colloquial'],
  ['ارسال قراءة العداد', 'METER_READING', 'arabic'],
  ['نقل العداد لمكان تاني', 'METER_RELOCATION', 'colloquial'],
  ['عداد مسبق الدفع عطلان', 'PREPAID_METER_REPLACEMENT', 'colloquial'],
  ['تغيير العداد لكارت', 'SMART_METER_UPGRADE', 'colloquial'],
  ['power outage in my street', 'FAULTS_COMPLAINTS', 'english'],
  ['meter not working', 'PREPAID_METER_REPLACEMENT', 'english'],
  ['pay my electricity bill', 'PAYBILLS', 'english'],
  ['prepaid recharge', 'PREPAID_RECHARGE_ISSUE', 'english'],
  ['change meter name', 'NAME_CHANGE', 'english'],
  ['الشارع ضلمة', 'STREET_LIGHTING', 'colloquial'],
  ['حد بيسرق كهربا', 'ELECTRICITY_THEFT_REPORT', 'colloquial'],
  ['شهادة إن مفيش مديونية', 'NO_ARREARS_CERT', 'colloquial'],
  ['فصل العداد', 'METER_REMOVAL', 'colloquial'],
  ['تكبير العداد', 'LOAD_INCREASE', 'colloquial'],
];

const slugsFor = (query: string, kind: Kind) => byLang[kind === 'english' ? 'en' : 'ar'].search(query).map((s) => s.serviceSlug);

// The search this module replaced: every query word a substring of the normalised label.
const before = (query: string, kind: Kind) => {
  const lang = kind === 'english' ? 'en' : 'ar';
  const words = normalizeArabic(query).split(' ');
  return catalog
    .filter((s) => words.every((w) => normalizeArabic(s.translations[lang].serviceLabel).includes(w)))
    .map((s) => s.serviceSlug);
};

describe('everyday queries find their service', () => {
  it('are at least sixty, of every kind, about services that exist', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    for (const kind of ['arabic', 'colloquial', 'english', 'typo'] as const) {
      expect(QUERIES.filter((q) => q[2] === kind).length).toBeGreaterThanOrEqual(10);
    }
    const slugs = new Set(catalog.map((s) => s.serviceSlug));
    for (const [, slug] of QUERIES) expect(slugs, slug).toContain(slug);
  });

  it.each(QUERIES)('%j finds %s among the first three', (query, slug, kind) => {
    expect(slugsFor(query, kind).slice(0, 3)).toContain(slug);
  });

  it('hit rate: printed, first result and first three, against the search it replaced', () => {
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
    const rates = (set: typeof QUERIES, find: (q: string, kind: Kind) => string[]) => {
      const rate = (n: number) => set.filter(([q, slug, kind]) => find(q, kind).slice(0, n).includes(slug)).length / set.length;
      return { top1: rate(1), top3: rate(3) };
    };
    const now = rates(QUERIES, slugsFor);
    const old = rates(QUERIES, before);
    const held = rates(HELD_OUT, slugsFor);
    const heldOld = rates(HELD_OUT, before);
    console.info(
      `search hit rate on ${QUERIES.length} everyday queries: first result ${pct(now.top1)}, first three ${pct(now.top3)}` +
        ` (label substring search before: ${pct(old.top1)}, ${pct(old.top3)}); on ${HELD_OUT.length} held-out queries:` +
        ` ${pct(held.top1)}, ${pct(held.top3)} (before: ${pct(heldOld.top1)}, ${pct(heldOld.top3)})`,
    );
    expect(now.top3).toBe(1);
    expect(now.top1).toBeGreaterThanOrEqual(0.85);
    // Measured 76 % and 84 % (decision 048); kept from falling.
    expect(held.top1).toBeGreaterThanOrEqual(0.76);
    expect(held.top3).toBeGreaterThanOrEqual(0.84);
  });
});

describe('ranking and precision', () => {
  it('puts a match of the typed word above a synonym match', () => {
    // «شكوى» is in the complaints label; «بلاغ» (its synonym) is in the street-lighting one.
    expect(slugsFor('شكوى', 'arabic')[0]).toBe('FAULTS_COMPLAINTS');
    expect(slugsFor('بلاغ', 'arabic')[0]).toBe('STREET_LIGHTING');
    expect(slugsFor('بلاغ', 'arabic')).toContain('FAULTS_COMPLAINTS');
  });

  it('does not widen a phrase into every service that shares one of its words', () => {
    expect(slugsFor('عداد جديد', 'arabic')).toEqual(['CODEMETER', 'LMIFT']);
    expect(slugsFor('new meter', 'english')).toEqual(['CODEMETER', 'LMIFT']);
    expect(slugsFor('مفيش كهربا', 'colloquial')).not.toContain('PAYBILLS');
    expect(slugsFor('no power', 'english')).not.toContain('POWER_SME');
    // A negation inside a synonym stays: "no arrears" (a clearance) is not "arrears" (an instalment plan).
    expect(slugsFor('clearance certificate', 'english')).toEqual(['NO_ARREARS_CERT']);
  });

  it('finds nothing for an unrelated word, and everything for an empty query', () => {
    expect(slugsFor('بطيخ', 'arabic')).toEqual([]);
    expect(slugsFor('watermelon', 'english')).toEqual([]);
    expect(slugsFor('بطيخ ومانجا', 'arabic')).toEqual([]);
    expect(byLang.ar.search('  ')).toHaveLength(catalog.length);
  });

  it('with no service having every word, shows those with most of them, at least half', () => {
    // «امبارح» (yesterday) is in no label and no synonym: the rest of the query still finds the service.
    expect(slugsFor('الكهرباء مقطوعة من امبارح', 'colloquial')[0]).toBe('FAULTS_COMPLAINTS');
    expect(slugsFor('pay bill online', 'english')).toEqual(['PAYBILLS']);
    // One known word of three is not enough.
    expect(slugsFor('فاتورة بطيخ مانجا', 'arabic')).toEqual([]);
  });

  it('matches the start of the word being typed', () => {
    expect(slugsFor('فواتي', 'arabic')).toContain('PAYBILLS');
    expect(slugsFor('الكهر', 'arabic')).toContain('PAYBILLS');
    expect(slugsFor('calcul', 'english')).toEqual(['BILL_CALCULATOR']);
  });

  it('finds a service across languages where a synonym group joins them', () => {
    // Arabic typed while the interface (and so the labels) is in English.
    expect(slugsFor('شكوى', 'english')[0]).toBe('FAULTS_COMPLAINTS');
    expect(slugsFor('النور قاطع', 'english')[0]).toBe('FAULTS_COMPLAINTS');
  });

  it('is fast enough for every keystroke pause on a cheap phone', () => {
    const start = performance.now();
    const rounds = 20;
    for (let i = 0; i < rounds; i++) for (const [q, , kind] of QUERIES) slugsFor(q, kind);
    const perQuery = (performance.now() - start) / (rounds * QUERIES.length);
    console.info(`search: ${perQuery.toFixed(3)} ms a query over ${catalog.length} services`);
    // Measured 0.2 to 0.9 ms here; the bound leaves room for a loaded two-core machine and stays well under a
    // frame (16 ms) for a phone a few times slower. A search that scanned more than it should would cross it.
    expect(perQuery).toBeLessThan(5);
  });
});

describe('matchesSearch (FAQ, reach us)', () => {
  it.each([
    ['إستبدال عداد', 'استبدال'],
    ['شركة الكهرباء', 'الكهربا'],
    ['تركيب عدّاد كودي', 'عداد'],
    ['دفع فاتورة', 'فاتوره'],
    ['توصيل مستشفى', 'مستشفي'],
    ['Pay Bills', 'pay'],
    ['Pay Bills', 'BILLS'],
    ['عداد رقم ١٢٣', '123'],
    ['فرع مدينة نصر', 'فروع'],
    ['كيف أقدم شكوى؟', 'الشكاوى'],
    ['How do I report a power cut?', 'outage'],
  ])('finds %j by %j', (text, query) => {
    expect(matchesSearch(text, query)).toBe(true);
  });

  it('needs every word, in any order', () => {
    expect(matchesSearch('إستبدال عداد مسبق الدفع', 'الدفع استبدال')).toBe(true);
    expect(matchesSearch('إستبدال عداد مسبق الدفع', 'عداد  مسبق ')).toBe(true);
    expect(matchesSearch('إستبدال عداد مسبق الدفع', 'استبدال فاتوره')).toBe(false);
  });

  it('does not match an unrelated query', () => {
    expect(matchesSearch('دفع فاتورة', 'شكوى')).toBe(false);
    expect(matchesSearch('Pay Bills', 'meter')).toBe(false);
  });

  it('matches everything with an empty or blank query', () => {
    expect(matchesSearch('دفع فاتورة', '')).toBe(true);
    expect(matchesSearch('دفع فاتورة', '   ')).toBe(true);
    expect(matchesSearch('', 'ـ')).toBe(true); // tatweel alone normalises to nothing
  });
});
