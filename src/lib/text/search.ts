import { normalizeArabic } from './arabic-normalize.ts';
import { IRREGULAR_FORMS, NEGATIONS, SOFT_WORDS, STOP_WORDS, SYNONYM_GROUPS } from './synonyms.ts';

/*
 * Search that understands Arabic (decision 048): one module for the service search dialog, the services page, the
 * FAQ and reach-us. It runs on the device, on the catalog the app already holds (online or cached offline), on
 * every keystroke pause, so it is small: a text is folded once into a set of stems (precomputed per list), a query
 * into "slots" (one per word or known phrase), and an item matches when every slot does.
 *
 * - Normalised: alef forms, ى/ي, ة/ه, diacritics, tatweel, digits (normalizeArabic), punctuation splits words.
 * - Light stemming: «ال», «وال», «بال», «لل», single و/ب/ل/ف/ك prefixes; ات/ون/ين/ة and trailing ا/ء/ي endings;
 *   broken plurals from a small table (شكاوى→شكوى, فواتير→فاتورة); English plural/-ing/-ed/-ation.
 * - Prefix: a typed word also matches the start of a word of the text (the user may still be typing it).
 * - Synonyms (synonyms.ts): a word or phrase of a group is also satisfied by any other entry of its group.
 * - Ranked: the typed word matched (3), its beginning matched (2), a synonym matched (1); ties keep list order.
 */

const ARABIC = /[\u0600-\u06FF]/;
const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const SINGLE_PREFIXES = ['و', 'ب', 'ل', 'ف', 'ك'];

/** Splits folded text into words: letters and digits; everything else separates (except an inner hyphen). */
function words(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}-]+/u).flatMap((w) => {
    const t = w.replace(/^-+|-+$/g, '');
    return t ? [t] : [];
  });
}

function stripArticle(w: string): string {
  for (const a of ARTICLES) if (w.startsWith(a) && w.length - a.length >= 2) return w.slice(a.length);
  return w;
}

function stripSingle(w: string): string {
  return w.length >= 4 && SINGLE_PREFIXES.includes(w[0]!) ? w.slice(1) : w;
}

// The irregular table, folded like everything else.
const IRREGULAR = new Map(Object.entries(IRREGULAR_FORMS).map(([k, v]) => [normalizeArabic(k), normalizeArabic(v)]));

function stemArabic(input: string): string {
  let w = IRREGULAR.get(input) ?? input;
  if (w.length >= 5 && w.endsWith('ات')) w = w.slice(0, -2);
  else if (w.length >= 5 && (w.endsWith('ون') || w.endsWith('ين'))) w = w.slice(0, -2);
  if (w.length >= 3 && w.endsWith('ه')) w = w.slice(0, -1);
  w = IRREGULAR.get(w) ?? w;
  if (w.length >= 3 && w.endsWith('ه')) w = w.slice(0, -1);
  // Nisba ي, a folded ى, a final hamza or alef (كهرباء، كهربا، كهربائي، شكوى all end the same way).
  while (w.length > 3 && /[اءي]$/.test(w)) w = w.slice(0, -1);
  return w;
}

function stemEnglish(input: string): string {
  let w = IRREGULAR.get(input) ?? input;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  w = IRREGULAR.get(w) ?? w;
  for (const [suffix, rest] of [
    ['ation', 3],
    ['ment', 3],
    ['ing', 3],
    ['ion', 4],
    ['ate', 4],
    ['ed', 3],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= rest) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

const stem = (w: string): string => (ARABIC.test(w) ? stemArabic(w) : stemEnglish(w));

/** A folded word: as written, without its article (for prefix matches), and its possible stems. */
type Word = { raw: string; bare: string; stems: string[] };

function analyse(raw: string): Word {
  const bare = stripArticle(raw);
  const forms = ARABIC.test(raw) ? [raw, bare, stripSingle(raw), stripArticle(stripSingle(raw))] : [raw];
  return { raw, bare, stems: [...new Set(forms.map(stem))] };
}

const analyseText = (text: string): Word[] => words(normalizeArabic(text)).map(analyse);

/* ------------------------------------------------ vocabulary ------------------------------------------------ */

const STOP = new Set(STOP_WORDS.map(normalizeArabic));
const SOFT = new Set(SOFT_WORDS.flatMap((w) => analyse(normalizeArabic(w)).stems));
const isSoft = (w: Word) => w.stems.some((s) => SOFT.has(s));
const isStop = (w: Word) => STOP.has(w.raw);
const NEGATION = new Set(NEGATIONS.map(normalizeArabic));

type Term = { words: Word[]; groups: number[] };

/** Every entry of every group, analysed once; indexed by the stems of its first word for the phrase lookup. */
const TERMS_BY_FIRST = new Map<string, Term[]>();
const GROUP_TERMS: Word[][][] = SYNONYM_GROUPS.map((g) => g.terms.map(analyseText));
{
  const seen = new Map<string, Term>();
  GROUP_TERMS.forEach((terms, group) => {
    for (const ws of terms) {
      const key = ws.map((w) => w.stems[0]).join(' ');
      const known = seen.get(key);
      if (known) {
        if (!known.groups.includes(group)) known.groups.push(group);
        continue;
      }
      const term: Term = { words: ws, groups: [group] };
      seen.set(key, term);
      for (const s of ws[0]?.stems ?? []) TERMS_BY_FIRST.set(s, [...(TERMS_BY_FIRST.get(s) ?? []), term]);
    }
  });
}

const sameWord = (a: Word, b: Word) => a.stems.some((s) => b.stems.includes(s));

/** What a label must contain for one slot: alternatives, each a list of words that must all be there. */
type Alternative = { words: Word[]; typed: boolean };
type Slot = { alternatives: Alternative[]; soft: boolean };

/**
 * An entry of the vocabulary without its stop words (negations stay: "no arrears" is not "arrears"); null when
 * nothing is left but words that narrow nothing, or it would match half the labels.
 */
function essential(ws: Word[]): Word[] | null {
  const kept = ws.filter((w) => !isStop(w) || NEGATION.has(w.raw));
  return kept.length > 0 && !kept.every((w) => isSoft(w) || NEGATION.has(w.raw)) ? kept : null;
}

/** A query as slots; null for an empty query. */
export type ParsedQuery = Slot[] | null;

export function parseQuery(query: string): ParsedQuery {
  const ws = analyseText(query);
  if (ws.length === 0) return null;
  const slots: Slot[] = [];
  for (let i = 0; i < ws.length;) {
    // The longest entry of the vocabulary that starts here.
    let best: Term | undefined;
    for (const s of ws[i]!.stems) {
      for (const term of TERMS_BY_FIRST.get(s) ?? []) {
        const n = term.words.length;
        if (n <= (best?.words.length ?? 0) || i + n > ws.length) continue;
        if (term.words.every((tw, k) => sameWord(tw, ws[i + k]!))) best = term;
      }
    }
    if (best) {
      const typed = ws.slice(i, i + best.words.length);
      // The typed words themselves (a label rarely has «مفيش كهربا» or "no power": the synonyms do the work).
      const own = essential(typed);
      const alternatives: Alternative[] = own ? [{ words: own, typed: true }] : [];
      for (const g of best.groups) {
        for (const entry of GROUP_TERMS[g]!) {
          const kept = essential(entry);
          if (kept) alternatives.push({ words: kept, typed: false });
        }
      }
      slots.push({ alternatives, soft: typed.every(isSoft) });
      i += best.words.length;
      continue;
    }
    const w = ws[i]!;
    i += 1;
    if (isStop(w)) continue;
    slots.push({ alternatives: [{ words: [w], typed: true }], soft: isSoft(w) });
  }
  // A query of stop words only is searched as typed.
  if (slots.length === 0) return ws.map((w) => ({ alternatives: [{ words: [w], typed: true }], soft: false }));
  // A query of soft words only must match them.
  if (slots.every((s) => s.soft)) return slots.map((s) => ({ ...s, soft: false }));
  return slots;
}

/* ------------------------------------------------ matching -------------------------------------------------- */

/** A text folded for search: the set of its stems and its words for prefix matches. */
export type IndexedText = { stems: Set<string>; words: Word[] };

export function indexText(text: string): IndexedText {
  const ws = analyseText(text);
  return { stems: new Set(ws.flatMap((w) => w.stems)), words: ws };
}

/** 3 the word itself (any stem), 2 the start of a word (typed words only), 0 not there. */
function wordScore(w: Word, text: IndexedText, typed: boolean): number {
  if (w.stems.some((s) => text.stems.has(s))) return 3;
  if (!typed) return 0;
  const heads = w.raw === w.bare ? [w.raw] : [w.raw, w.bare];
  return text.words.some((t) => heads.some((h) => t.raw.startsWith(h) || t.bare.startsWith(h))) ? 2 : 0;
}

function alternativeScore(a: Alternative, text: IndexedText): number {
  let least = 3;
  for (const w of a.words) {
    const s = wordScore(w, text, a.typed);
    if (s === 0) return 0;
    least = Math.min(least, s);
  }
  return a.typed ? least : 1;
}

/** How a text answers a query: the required words (slots) it lacks, and its score (higher is better). */
function measure(text: IndexedText, query: Slot[]): { missing: number; score: number } {
  let missing = 0;
  let score = 0;
  for (const slot of query) {
    let best = 0;
    for (const a of slot.alternatives) {
      best = Math.max(best, alternativeScore(a, text));
      if (best === 3) break;
    }
    if (best === 0 && !slot.soft) missing += 1;
    score += best;
  }
  return { missing, score };
}

/** The text's score for a query: 0 when it lacks a word of it; higher is a better match. An empty query matches (1). */
export function scoreText(text: IndexedText, query: ParsedQuery): number {
  if (!query) return 1;
  const { missing, score } = measure(text, query);
  return missing > 0 ? 0 : Math.max(score, 1);
}

/**
 * A list prepared for searching: each item's text folded once (build it in a useMemo beside the list). `search`
 * returns the items that have every word of the query (stems, synonyms), best first, list order among equals. When
 * none has them all, it returns those with most of them (at least half, and at least one): a word the vocabulary
 * does not know («امبارح», "online") then narrows nothing instead of hiding everything. An empty query returns the
 * list as it is.
 */
export function createSearchIndex<T>(items: readonly T[], text: (item: T) => string) {
  const indexed = items.map((item) => ({ item, text: indexText(text(item)) }));
  return {
    search(query: string): T[] {
      const parsed = parseQuery(query);
      if (!parsed) return [...items];
      const required = parsed.filter((s) => !s.soft).length;
      const measured = indexed.map((e, order) => ({ item: e.item, order, ...measure(e.text, parsed) }));
      const fewest = Math.min(...measured.map((m) => m.missing));
      if (fewest > 0 && required - fewest < Math.max(1, Math.ceil(required / 2))) return [];
      return measured
        .filter((m) => m.missing === fewest)
        .sort((a, b) => b.score - a.score || a.order - b.order)
        .map((m) => m.item);
    },
  };
}

/** One text against one query (all words, any order, with stems and synonyms); an empty query matches. */
export function matchesSearch(text: string, query: string): boolean {
  return scoreText(indexText(text), parseQuery(query)) > 0;
}

/*
 * The same folding for a full-text engine (Noor's retrieval, decision 068): a word's index terms (its stems; none
 * for a stop word), and the other words of its synonym groups, so an engine with its own ranking (MiniSearch)
 * meets texts the way this module does.
 */

/** The terms a word is indexed and searched by: its stems after folding; [] for a stop word or nothing. */
export function searchTerms(word: string): string[] {
  const w = words(normalizeArabic(word))[0];
  if (!w) return [];
  const a = analyse(w);
  return isStop(a) ? [] : a.stems;
}

/** The words of the synonym groups that hold the query's words or phrases (not the query's own words). */
export function synonymWords(query: string): string[] {
  const ws = analyseText(query);
  const own = new Set(ws.flatMap((w) => w.stems));
  const out = new Set<string>();
  for (let i = 0; i < ws.length; i++) {
    for (const term of new Set(ws[i]!.stems.flatMap((s) => TERMS_BY_FIRST.get(s) ?? [])))
      if (term.words.every((tw, j) => ws[i + j] !== undefined && sameWord(tw, ws[i + j]!)))
        for (const g of term.groups)
          for (const entry of GROUP_TERMS[g]!)
            for (const w of entry) if (!isStop(w) && !w.stems.some((s) => own.has(s))) out.add(w.raw);
  }
  return [...out];
}
