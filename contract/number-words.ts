/**
 * Numbers and amounts in words, for the service page (a cost in Arabic words) and the printed payment receipt
 * (issue 12: a receipt writes its total in words, Arabic and English). Pure, no dependencies: the browser and the
 * server share it. Whole numbers from 0 to 99,999,999,999,999 (14 digits).
 *
 * Arabic words (تفقيط) in Modern Standard Arabic.
 * Counted-noun agreement follows the last number before the noun:
 *   1 → singular + واحد (جنيه واحد), or the bare scale word (ألف); 2 → dual (ألفان، جنيهان);
 *   3–10 → genitive plural (ثلاثة آلاف، خمسة جنيهات); 11–99 → accusative singular (أحد عشر ألفًا، عشرون جنيهًا);
 *   a round hundred, or a number ending in 01/02 → genitive singular (مائة ألف، مائة جنيه، مائة وواحد جنيه).
 * When a noun follows a dual or a tanween form directly (إضافة), the nun/tanween drops:
 *   مائتا جنيه، ألفا جنيه، أحد عشر ألف جنيه.
 */

const ONES = [
  '',
  'واحد',
  'اثنان',
  'ثلاثة',
  'أربعة',
  'خمسة',
  'ستة',
  'سبعة',
  'ثمانية',
  'تسعة',
  'عشرة',
  'أحد عشر',
  'اثنا عشر',
  'ثلاثة عشر',
  'أربعة عشر',
  'خمسة عشر',
  'ستة عشر',
  'سبعة عشر',
  'ثمانية عشر',
  'تسعة عشر',
] as const;
const TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'] as const;
// مائة (not مئة): the spelling used on Egyptian bills and receipts.
const HUNDREDS = ['', 'مائة', 'مائتان', 'ثلاثمائة', 'أربعمائة', 'خمسمائة', 'ستمائة', 'سبعمائة', 'ثمانمائة', 'تسعمائة'] as const;
const ZERO = 'صفر';
const AND = ' و';

/** The forms a counted noun (a scale word or a currency) takes after a number. */
interface NounForms {
  /** Count of exactly one, on its own. */
  one: string;
  /** Genitive singular: after a round hundred, after 101/102, or before another noun. */
  singular: string;
  dual: string;
  /** The dual in construct, when another noun follows (ألفا جنيه). */
  dualConstruct: string;
  /** Genitive plural, for 3–10. */
  plural: string;
  /** Accusative singular (tamyiz), for 11–99. */
  accusative: string;
}

const scale = (singular: string, dual: string, plural: string): NounForms => ({
  one: singular,
  singular,
  dual,
  dualConstruct: dual.slice(0, -1), // ألفان → ألفا
  plural,
  accusative: `${singular}\u064Bا`, // ألف → ألفًا (tanween fatha on the letter before the alef, as typed)
});

// Index i is the scale 1000^i; the units group (index 0) has no scale word.
const SCALES: readonly (NounForms | undefined)[] = [
  undefined,
  scale('ألف', 'ألفان', 'آلاف'),
  scale('مليون', 'مليونان', 'ملايين'),
  scale('مليار', 'ملياران', 'مليارات'),
  scale('تريليون', 'تريليونان', 'تريليونات'),
];

const POUND: NounForms = {
  one: 'جنيه واحد',
  singular: 'جنيه',
  dual: 'جنيهان',
  dualConstruct: 'جنيها',
  plural: 'جنيهات',
  accusative: 'جنيهًا',
};
const PIASTRE: NounForms = {
  one: 'قرش واحد',
  singular: 'قرش',
  dual: 'قرشان',
  dualConstruct: 'قرشا',
  plural: 'قروش',
  accusative: 'قرشًا',
};

/** 99,999,999,999,999: the largest amount with 14 integer digits (well inside Number's safe range). */
export const MAX_WORDS_AMOUNT = 99_999_999_999_999;

/** 1–999; `construct` when a noun follows directly, so a round 200 becomes مائتا. */
function underThousand(n: number, construct: boolean): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  const parts: string[] = [];
  if (h) parts.push(h === 2 && r === 0 && construct ? 'مائتا' : (HUNDREDS[h] ?? ''));
  if (r >= 20) {
    const u = r % 10;
    // Units before tens, as Arabic reads them: واحد وعشرون.
    parts.push(u ? `${ONES[u]}${AND}${TENS[Math.floor(r / 10)]}` : (TENS[Math.floor(r / 10)] ?? ''));
  } else if (r) {
    parts.push(ONES[r] ?? '');
  }
  return parts.join(AND);
}

/** Whole number 0–MAX in words; `construct` when a noun follows the whole number directly. */
function spell(n: number, construct = false): string {
  if (n === 0) return ZERO;
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const lowest = groups.findIndex((g) => g !== 0);
  const parts: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (!g) continue;
    const beforeNoun = construct && i === lowest;
    const forms = SCALES[i];
    parts.push(forms ? counted(g, forms, beforeNoun) : underThousand(g, beforeNoun));
  }
  return parts.join(AND);
}

/** A number with its counted noun, agreeing with the last number before the noun. */
function counted(n: number, noun: NounForms, construct = false): string {
  if (n === 1) return noun.one;
  if (n === 2) return construct ? noun.dualConstruct : noun.dual;
  const r = n % 100;
  if (r >= 3 && r <= 10) return `${spell(n)} ${noun.plural}`;
  if (r >= 11) return `${spell(n)} ${construct ? noun.singular : noun.accusative}`;
  // r is 0, 1 or 2 here (n is 0 or ≥ 100): the noun takes the genitive singular, and a round 200 goes into construct.
  return `${spell(n, true)} ${noun.singular}`;
}

/** Validates and converts to a Number; every accepted value is a safe integer. */
function toWhole(n: number | bigint | string): number {
  let big: bigint;
  if (typeof n === 'bigint') {
    big = n;
  } else if (typeof n === 'number') {
    if (!Number.isInteger(n)) throw new RangeError(`Not a whole number: ${n}`);
    big = BigInt(n);
  } else {
    const text = n.trim();
    // Plain ASCII digits only: '1e3', '1.0', '-5' and '' are not whole-number strings here.
    if (!/^\d+$/.test(text)) throw new RangeError(`Not a whole number: ${JSON.stringify(n)}`);
    big = BigInt(text);
  }
  if (big < 0n || big > BigInt(MAX_WORDS_AMOUNT)) throw new RangeError(`Out of range (0 to ${MAX_WORDS_AMOUNT}): ${big}`);
  return Number(big);
}

/** A whole number from 0 to 99,999,999,999,999 in Arabic words, e.g. 1250 → 'ألف ومائتان وخمسون'. */
export function arabicNumberWords(n: number | bigint | string): string {
  return spell(toWhole(n));
}

/** Pounds and piastres in Arabic words; zero piastres are left out, and so are zero pounds when there are piastres. */
function arabicPoundsAndPiastres(pounds: number, piastres: number): string {
  if (piastres === 0) return counted(pounds, POUND);
  if (pounds === 0) return counted(piastres, PIASTRE);
  return `${counted(pounds, POUND)}${AND}${counted(piastres, PIASTRE)}`;
}

/**
 * An amount of Egyptian pounds in Arabic words, with piastres, e.g. 125.5 → 'مائة وخمسة وعشرون جنيهًا وخمسون قرشًا'.
 * Rounded to 2 decimals; zero piastres are left out, and so are zero pounds when there are piastres.
 */
export function amountInArabicWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Amount out of range: ${amount}`);
  let pounds = Math.trunc(amount);
  // toPrecision trims binary noise first, so 1.005 counts as 1 pound 1 piastre (as typed), not 1 pound 0 piastres.
  let piastres = Math.round(Number(((amount - pounds) * 100).toPrecision(12)));
  if (piastres === 100) {
    pounds += 1;
    piastres = 0;
  }
  if (pounds > MAX_WORDS_AMOUNT) throw new RangeError(`Amount out of range: ${amount}`);
  return arabicPoundsAndPiastres(pounds, piastres);
}

const EN_SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'] as const;
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion'] as const;

function enUnderThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(`${EN_SMALL[h]} hundred`);
  if (rest)
    parts.push(rest < 20 ? EN_SMALL[rest]! : `${EN_TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${EN_SMALL[rest % 10]}` : ''}`);
  return parts.join(' and ');
}

/** A whole number from 0 to 99,999,999,999,999 in English words, e.g. 1250 → 'one thousand two hundred and fifty'. */
export function englishNumberWords(n: number | bigint | string): string {
  const whole = toWhole(n);
  if (whole === 0) return 'zero';
  const parts: string[] = [];
  for (let rest = whole, i = 0; rest > 0; rest = Math.floor(rest / 1000), i++) {
    const g = rest % 1000;
    if (g) parts.unshift(`${enUnderThousand(g)}${EN_SCALES[i] ? ` ${EN_SCALES[i]}` : ''}`);
  }
  return parts.join(' ');
}

/**
 * An amount of piastres in words as a receipt writes it, closed so nothing can be added after it:
 * 'فقط ثلاثمائة وخمسة وعشرون جنيهًا وخمسون قرشًا لا غير', 'three hundred Egyptian pounds and seventy-five piastres only'.
 */
export function amountInWords(piastres: number, lang: 'ar' | 'en'): string {
  if (!Number.isSafeInteger(piastres) || piastres < 0) throw new RangeError(`${piastres} is not an amount in piastres`);
  const pounds = Math.floor(piastres / 100);
  const rest = piastres % 100;
  if (pounds > MAX_WORDS_AMOUNT) throw new RangeError(`Amount out of range: ${piastres}`);
  if (lang === 'ar') return `فقط ${arabicPoundsAndPiastres(pounds, rest)} لا غير`;
  const poundsText = `${englishNumberWords(pounds)} Egyptian pound${pounds === 1 ? '' : 's'}`;
  return `${poundsText}${rest ? ` and ${englishNumberWords(rest)} piastre${rest === 1 ? '' : 's'}` : ''} only`;
}
