// Typo-tolerant full-text matching over sanctuaries: MiniSearch's radix tree finds the terms a query word
// means (exact, prefix, fuzzy 0.2, as MiniSearch would); postings in typed arrays score the documents.
//
// Why not MiniSearch's own search: it scores through Maps per matching document, about 1 µs each, so a word
// found in every listing ("sanctuary", "farm") costs ~8 ms at 10k listings and ~200 ms at 100k. Walking a
// typed-array posting list costs a few nanoseconds per document.
import SearchableMap from 'minisearch/SearchableMap';

export interface TextField<D> {
  /** Text of this field of a document. */
  get: (doc: D) => string;
  /** Weight of a match in this field. */
  boost: number;
}

/** How a query word may match: as typed, as the start of a term, or within a few typos (MiniSearch's semantics). */
const FUZZY = 0.2;
const MAX_FUZZY = 6;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const QUERY_STOP_WORDS = new Set(['in', 'near', 'the', 'and', 'of', 'at', 'for', 'an', 'to', 'around', 'with']);

/** Lowercase, accents removed: "Café" and "cafe" are the same term. */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const t = /[^\x00-\x7f]/.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text;
  return t.toLowerCase();
}

/** The words of a text: runs of letters and digits, folded. Single letters are left out (they match everything). */
export function terms(text: string): string[] {
  const folded = foldText(text);
  // eslint-disable-next-line no-control-regex
  const words = /[^\x00-\x7f]/.test(folded) ? folded.split(/[^\p{L}\p{N}]+/u) : folded.split(/[^a-z0-9]+/);
  return words.filter((w) => w.length > 1);
}

function grow<T extends Int32Array | Float32Array>(array: T, fillWith = 0): T {
  const bigger = new (array.constructor as new (n: number) => T)(array.length * 2);
  bigger.set(array);
  if (fillWith) bigger.fill(fillWith, array.length);
  return bigger;
}

/** First position in sorted `values[from..to)` holding a value >= `target`. */
function lowerBound(values: Int32Array, from: number, to: number, target: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class TextIndex<D> {
  /** term → term id, as a radix tree for prefix and fuzzy lookups. */
  private readonly vocabulary: SearchableMap<number>;
  /** Postings of term t: documents docs[start[t]..start[t+1]) with their field weights. */
  private readonly start: Int32Array;
  private readonly docs: Int32Array;
  private readonly weights: Float32Array;
  private readonly size: number;
  // Scratch space reused by every query: how many query words each document has matched, and its score.
  private readonly matched: Uint8Array;
  private readonly score: Float64Array;

  constructor(documents: readonly D[], fields: ReadonlyArray<TextField<D>>) {
    this.size = documents.length;
    // Pass 1: every (term, document, weight) once, in document order, in growable typed arrays. A plain Map
    // while indexing (faster per token than the radix tree, which is built once from the distinct terms).
    const vocabulary = new Map<string, number>();
    let lastDoc = new Int32Array(1024).fill(-1);
    let lastSlot = new Int32Array(1024);
    let tripleTerm = new Int32Array(4096);
    let tripleDoc = new Int32Array(4096);
    let tripleWeight = new Float32Array(4096);
    let count = 0;
    for (let d = 0; d < documents.length; d++) {
      const doc = documents[d]!;
      for (const field of fields) {
        const text = field.get(doc);
        if (!text) continue;
        for (const term of terms(text)) {
          let id = vocabulary.get(term);
          if (id === undefined) {
            id = vocabulary.size;
            vocabulary.set(term, id);
            if (id >= lastDoc.length) {
              lastDoc = grow(lastDoc, -1);
              lastSlot = grow(lastSlot);
            }
          }
          // A document counts once per term, with the weight of the best field it appears in.
          if (lastDoc[id] === d) {
            const slot = lastSlot[id]!;
            if (field.boost > tripleWeight[slot]!) tripleWeight[slot] = field.boost;
            continue;
          }
          if (count === tripleTerm.length) {
            tripleTerm = grow(tripleTerm);
            tripleDoc = grow(tripleDoc);
            tripleWeight = grow(tripleWeight);
          }
          tripleTerm[count] = id;
          tripleDoc[count] = d;
          tripleWeight[count] = field.boost;
          lastDoc[id] = d;
          lastSlot[id] = count++;
        }
      }
    }
    // Pass 2: group by term (a counting sort; documents stay in order within each term).
    const nTerms = vocabulary.size;
    this.start = new Int32Array(nTerms + 1);
    for (let k = 0; k < count; k++) this.start[tripleTerm[k]! + 1]!++;
    for (let t = 0; t < nTerms; t++) this.start[t + 1]! += this.start[t]!;
    const fill = this.start.slice(0, nTerms);
    this.docs = new Int32Array(count);
    this.weights = new Float32Array(count);
    for (let k = 0; k < count; k++) {
      const at = fill[tripleTerm[k]!]!++;
      this.docs[at] = tripleDoc[k]!;
      this.weights[at] = tripleWeight[k]!;
    }
    this.vocabulary = SearchableMap.from(vocabulary);
    this.matched = new Uint8Array(this.size);
    this.score = new Float64Array(this.size);
  }

  /** The terms a query word matches, each with how good the match is (1 exact, less for prefix or typos). */
  private expand(word: string): Map<number, number> {
    const out = new Map<number, number>();
    const keep = (id: number, quality: number) => {
      if (quality > (out.get(id) ?? 0)) out.set(id, quality);
    };
    for (const [term, id] of this.vocabulary.atPrefix(word)) {
      keep(id, term.length === word.length ? 1 : PREFIX_WEIGHT * (word.length / term.length) + 0.1);
    }
    const maxEdits = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
    if (maxEdits > 0) {
      for (const [, [id, edits]] of this.vocabulary.fuzzyGet(word, maxEdits)) {
        if (edits > 0) keep(id, FUZZY_WEIGHT * (1 - edits / (word.length + 1)));
      }
    }
    // Best matches first: a document matched by several terms of one word scores with the best of them.
    return new Map([...out].sort((a, b) => b[1] - a[1]));
  }

  private documentFrequency(expansion: Map<number, number>): number {
    let df = 0;
    for (const id of expansion.keys()) df += this.start[id + 1]! - this.start[id]!;
    return df;
  }

  /**
   * Documents matching every word of the query (each word exactly, as a prefix or with typos), with a score:
   * per word, the best match's quality × the field's boost × how rare the word is. Positions ascending.
   */
  search(query: string): { positions: number[]; scores: number[] } {
    const all = [...new Set(terms(query))];
    // "pigs in ohio": little words would have to match too; leave them out unless they are all there is.
    const meaningful = all.filter((w) => !QUERY_STOP_WORDS.has(w));
    const words = (meaningful.length ? meaningful : all).slice(0, 255);
    if (!words.length) return { positions: [], scores: [] };
    const expansions = words.map((w) => this.expand(w));
    const frequencies = expansions.map((e) => this.documentFrequency(e));
    // Rarest word first: it decides the candidates, the others can only remove some.
    const order = words.map((_, i) => i).sort((a, b) => frequencies[a]! - frequencies[b]!);
    const { start, docs, weights, matched, score } = this;
    const touched: number[] = [];

    for (let k = 0; k < order.length; k++) {
      const w = order[k]!;
      const idf = Math.log(1 + this.size / Math.max(1, frequencies[w]!));
      for (const [id, quality] of expansions[w]!) {
        const factor = quality * idf;
        const first = start[id]!;
        const end = start[id + 1]!;
        if (k > 0 && touched.length * 16 < end - first) {
          // Few candidates left, a long posting list: look each candidate up (the list is sorted by document).
          for (const d of touched) {
            if (matched[d] !== k) continue;
            const p = lowerBound(docs, first, end, d);
            if (p < end && docs[p] === d) {
              matched[d] = k + 1;
              score[d]! += factor * weights[p]!;
            }
          }
          continue;
        }
        for (let p = first; p < end; p++) {
          const d = docs[p]!;
          if (matched[d] === k) {
            if (k === 0) touched.push(d);
            matched[d] = k + 1;
            score[d]! += factor * weights[p]!;
          }
        }
      }
      if (!touched.length) break;
    }

    const positions: number[] = [];
    const scores: number[] = [];
    touched.sort((a, b) => a - b);
    for (const d of touched) {
      if (matched[d] === order.length) {
        positions.push(d);
        scores.push(score[d]!);
      }
      matched[d] = 0;
      score[d] = 0;
    }
    return { positions, scores };
  }
}
