/*
 * Amounts in words for printed receipts (issue 12: a payment's receipt writes its total in words), Arabic and
 * English, whole numbers up to 14 digits (99,999,999,999,999). Arabic in the counting form used on Egyptian
 * receipts: groups from the largest scale joined by «و», the scale word by number (ألف, ألفان, ثلاثة آلاف, أحد
 * عشر ألفًا is written «أحد عشر ألف» as receipts do), masculine units (جنيه, قرش are masculine).
 */

const AR_UNITS = ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة'];
const AR_TEENS = [
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
];
const AR_TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = ['', 'مائة', 'مائتان', 'ثلاثمائة', 'أربعمائة', 'خمسمائة', 'ستمائة', 'سبعمائة', 'ثمانمائة', 'تسعمائة'];
/** Per scale: one, two, three to ten (plural), eleven and more. */
const AR_SCALES: [string, string, string, string][] = [
  ['', '', '', ''],
  ['ألف', 'ألفان', 'آلاف', 'ألف'],
  ['مليون', 'مليونان', 'ملايين', 'مليون'],
  ['مليار', 'ملياران', 'مليارات', 'مليار'],
  ['تريليون', 'تريليونان', 'تريليونات', 'تريليون'],
];

export const MAX_WORDS_AMOUNT = 99_999_999_999_999;

function arBelowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(AR_HUNDREDS[h]!);
  if (rest >= 10 && rest < 20) parts.push(AR_TEENS[rest - 10]!);
  else if (rest) {
    const u = rest % 10;
    const t = Math.floor(rest / 10);
    // Units before tens: «خمسة وعشرون».
    parts.push([u ? AR_UNITS[u]! : '', t ? AR_TENS[t]! : ''].filter(Boolean).join(' و'));
  }
  return parts.join(' و');
}

function groupsOf(n: number): number[] {
  const out: number[] = [];
  let x = n;
  do {
    out.push(x % 1000);
    x = Math.floor(x / 1000);
  } while (x > 0);
  return out;
}

function checkRange(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_WORDS_AMOUNT)
    throw new RangeError(`${n} is not a whole number of at most 14 digits`);
}

/** A whole number in Arabic words: 0 «صفر», 1250 «ألف ومائتان وخمسون». */
export function arabicWords(n: number): string {
  checkRange(n);
  if (n === 0) return 'صفر';
  const parts: string[] = [];
  groupsOf(n).forEach((g, scale) => {
    if (g === 0) return;
    if (scale === 0) {
      parts.unshift(arBelowThousand(g));
      return;
    }
    const [one, two, few, many] = AR_SCALES[scale]!;
    const text = g === 1 ? one : g === 2 ? two : g <= 10 ? `${arBelowThousand(g)} ${few}` : `${arBelowThousand(g)} ${many}`;
    parts.unshift(text);
  });
  return parts.join(' و');
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
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

function enBelowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(`${EN_SMALL[h]} hundred`);
  if (rest)
    parts.push(rest < 20 ? EN_SMALL[rest]! : `${EN_TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${EN_SMALL[rest % 10]}` : ''}`);
  return parts.join(' and ');
}

/** A whole number in English words: 1250 «one thousand two hundred and fifty». */
export function englishWords(n: number): string {
  checkRange(n);
  if (n === 0) return 'zero';
  const parts: string[] = [];
  groupsOf(n).forEach((g, scale) => {
    if (g) parts.unshift(`${enBelowThousand(g)}${EN_SCALES[scale] ? ` ${EN_SCALES[scale]}` : ''}`);
  });
  return parts.join(' ');
}

/** An amount of piastres in words, as a receipt writes it: «فقط ... جنيه مصري و... قرش لا غير». */
export function amountInWords(piastres: number, lang: 'ar' | 'en'): string {
  if (!Number.isSafeInteger(piastres) || piastres < 0) throw new RangeError(`${piastres} is not an amount in piastres`);
  const pounds = Math.floor(piastres / 100);
  const rest = piastres % 100;
  if (lang === 'ar') return `فقط ${arabicWords(pounds)} جنيه مصري${rest ? ` و${arabicWords(rest)} قرش` : ''} لا غير`;
  return `${englishWords(pounds)} Egyptian pound${pounds === 1 ? '' : 's'}${rest ? ` and ${englishWords(rest)} piastre${rest === 1 ? '' : 's'}` : ''} only`;
}
