import MiniSearch from 'minisearch';
import { searchTerms, synonymWords } from '../../../src/lib/text/search.ts';
import type { KnowledgeDoc } from './knowledge.ts';

/*
 * Retrieval (decision 068): MiniSearch (BM25+, prefix and fuzzy matching, field boosts) over the knowledge, with
 * the portal's own Arabic folding as its term processing (src/lib/text/search.ts, decision 048: hamza forms of
 * alef, ى/ي, ة/ه, diacritics, tatweel, Arabic-Indic digits, articles and prefixes, light stems, broken plurals) and
 * its synonym groups (Egyptian spellings: «النور قاطع», «عداد الكارت», «بايظ») added to the query at a lower weight.
 */

export type Hit = {
  doc: KnowledgeDoc;
  score: number;
  /** Share of the question's words the document matched. */ coverage: number;
};

type Stored = { id: string; title: string; text: string; keywords: string; extra: string };

const FIELDS = ['title', 'text', 'keywords', 'extra'] as const;

/** A word's terms, remembered: the vocabulary is small, and a text repeats its words. */
const TERMS = new Map<string, string[]>();
function termsOf(word: string): string[] {
  let t = TERMS.get(word);
  if (!t) {
    t = searchTerms(word);
    if (TERMS.size < 50_000) TERMS.set(word, t);
  }
  return t;
}
const SYNONYM_WEIGHT = 0.35;

/** A question's own index terms (stop words dropped), each word's stems together. */
function queryWords(query: string): string[][] {
  return query
    .split(/[^\p{L}\p{N}-]+/u)
    .map((w) => termsOf(w))
    .filter((t) => t.length > 0);
}

export class Retriever {
  private readonly index: MiniSearch<Stored>;
  private readonly byId: Map<string, KnowledgeDoc>;

  constructor(docs: readonly KnowledgeDoc[]) {
    this.byId = new Map(docs.map((d) => [d.id, d]));
    this.index = new MiniSearch<Stored>({
      fields: [...FIELDS],
      processTerm: (term) => {
        const t = termsOf(term);
        return t.length > 0 ? t : null;
      },
      searchOptions: {
        boost: { title: 3, keywords: 2.5, text: 1, extra: 0.4 },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
        weights: { fuzzy: 0.3, prefix: 0.5 },
      },
    });
    this.index.addAll(
      docs.map((d) => ({
        id: d.id,
        title: `${d.title.ar} ${d.title.en}`,
        text: `${d.text.ar} ${d.text.en}`,
        keywords: d.keywords,
        extra: d.extra,
      })),
    );
  }

  get size(): number {
    return this.byId.size;
  }

  /** The documents that best answer a question, best first, at most `limit`. */
  search(question: string, limit = 3): Hit[] {
    const own = queryWords(question);
    if (own.length === 0) return [];
    const ownTerms = new Set(own.flat());
    const synonyms = synonymWords(question).flatMap((w) => termsOf(w));
    const results = this.index.search([question, ...synonyms].join(' '), {
      boostTerm: (term) => (ownTerms.has(term) ? 1 : SYNONYM_WEIGHT),
      // A synonym is matched as it is: prefix and typo matching only for what the citizen typed.
      prefix: (term) => term.length >= 4 && ownTerms.has(term),
      fuzzy: (term) => (term.length >= 5 && ownTerms.has(term) ? 0.2 : false),
      maxFuzzy: 1,
    });
    return results.slice(0, limit).flatMap((r) => {
      const doc = this.byId.get(String(r.id));
      if (!doc) return [];
      // A word counts as matched when one of its stems (or a synonym's) was found in the document.
      const matched = new Set(r.queryTerms);
      const covered = own.filter((stems) => stems.some((s) => matched.has(s))).length;
      const bySynonym = synonyms.some((s) => matched.has(s)) ? 1 : 0;
      return [{ doc, score: r.score, coverage: Math.min(1, (covered + bySynonym) / own.length) }];
    });
  }
}
