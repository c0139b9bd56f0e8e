import bidiFactory from 'bidi-js';

/*
 * Right-to-left text for PDFKit (decision 021). PDFKit shapes Arabic through fontkit (initial, medial, final
 * forms, ligatures, marks) but does not apply the Unicode Bidirectional Algorithm: it draws a string in the order
 * fontkit leaves it. fontkit reverses a whole string whose first script is right-to-left (so one Arabic word comes
 * out right), but a line that mixes Arabic words, Latin words and numbers comes out scrambled. Here a line is cut
 * into runs (same embedding level, same font) with bidi-js, the runs are put in visual order (UAX #9 rule L2), and
 * each run is handed to fontkit so that its own reversal gives the visual order: a right-to-left run of Arabic
 * letters is given in logical order (fontkit shapes, then reverses it); any other run whose level is odd is
 * reversed here (with mirrored brackets); a left-to-right run that fontkit would reverse (Arabic-Indic digits) is
 * reversed here first, so that fontkit's reversal restores it.
 */

const bidi = bidiFactory();

export type FontClass = 'arabic' | 'latin';
/** A piece of a line, in visual order (left to right): the string to give PDFKit and the font to draw it with. */
export type VisualRun = { text: string; font: FontClass };

/** Characters drawn with the Arabic font: the Arabic blocks (letters, marks, Arabic-Indic digits, punctuation). */
const ARABIC_BLOCK = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** What fontkit treats as a right-to-left string: its first character of a real script is a right-to-left one. */
const SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const SPACE = /\s/;
/** The implicit bidi marks: left-to-right, right-to-left and the Arabic letter mark. */
const MARKS = /[\u200E\u200F\u061C]/;

/** Whether fontkit will reverse this string when it lays it out. */
export function fontkitReverses(s: string): boolean {
  const first = SCRIPTED.exec(s);
  return first !== null && RTL_SCRIPT.test(first[0]);
}

/** The paragraph direction a text asks for by its first strong character (as `dir="auto"` does). */
export function directionOf(text: string): 'rtl' | 'ltr' {
  return bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

const reverse = (s: string): string => Array.from(s).reverse().join('');

/**
 * One line (no line breaks in it) as runs in visual order. `base` is the paragraph direction; `auto` takes it from
 * the first strong character.
 */
export function visualRuns(line: string, base: 'rtl' | 'ltr' | 'auto'): VisualRun[] {
  // Explicit embeddings and overrides in the data are not ours to honour: they are dropped (plain text has none).
  const text = line.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
  if (text === '') return [];
  const all = bidi.getEmbeddingLevels(text, base).levels;
  const mirrored = bidi.getMirroredCharactersMap(text, all);
  // Implicit marks (a left-to-right mark in a request number, decision 061) order the line but are not drawn: the
  // fonts have no glyph for them.
  const chars: string[] = [];
  const levels: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (MARKS.test(text[i]!)) continue;
    chars.push(mirrored.get(i) ?? text[i]!);
    levels.push(all[i]!);
  }
  if (chars.length === 0) return [];

  // Font per character: spaces take their neighbour's, so words of one script stay one run.
  const fonts: FontClass[] = chars.map((c) => (ARABIC_BLOCK.test(c) ? 'arabic' : 'latin'));
  for (let i = 0; i < chars.length; i++) {
    if (!SPACE.test(chars[i]!)) continue;
    const prev = i > 0 && levels[i - 1] === levels[i] ? fonts[i - 1] : undefined;
    fonts[i] = prev ?? fonts[i + 1] ?? 'latin';
  }

  // Logical runs of one level and one font.
  type Run = { level: number; font: FontClass; text: string };
  const runs: Run[] = [];
  for (let i = 0; i < chars.length; i++) {
    const last = runs.at(-1);
    // A surrogate pair's second half stays with its first.
    const lowSurrogate = i > 0 && /[\uDC00-\uDFFF]/.test(chars[i]!);
    if (last && (lowSurrogate || (last.level === levels[i] && last.font === fonts[i]))) last.text += chars[i];
    else runs.push({ level: levels[i]!, font: fonts[i]!, text: chars[i]! });
  }

  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }

  // Each run's characters in visual order once fontkit has laid it out.
  return runs.map((r) => {
    const rtl = r.level % 2 === 1;
    const fk = fontkitReverses(r.text);
    return { font: r.font, text: rtl === fk ? r.text : reverse(r.text) };
  });
}
