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

/** Postings of a built index: term t's documents docs[start[t]..start[t+1]) with their field weights. Never changed. */
interface Built {
  start: Int32Array;
  docs: Int32Array;
  weights: Float32Array;
  /** How many documents and terms it was built with: term ids at or past `terms` have no postings here. */
  size: number;
  terms: number;
}

/** What the versions derived from one build share: the vocabulary only grows (a term no version uses matches nothing). */
interface Shared<D> {
  vocabulary: SearchableMap<number>;
  nextTerm: number;
  built: Built;
  fields: ReadonlyArray<TextField<D>>;
}

/** Postings of one version's changed documents, beside the build's. */
interface Changes {
  /** Built documents whose postings in the build no longer count (changed or removed since). */
  stale: Uint8Array;
  /** Per term of the build: how many of its documents there are stale. */
  staleCount: Map<number, number>;
  /** term → the changed documents having it, and their weights (unordered, short). */
  postings: Map<number, { docs: number[]; weights: number[] }>;
  /** changed document → the terms it has in `postings`. */
  termsOf: Map<number, number[]>;
}

/** Once more documents than this have changed since the build, the next version builds afresh. */
const rebuildAfter = (size: number) => Math.max(1000, size >>> 3);

/** A document's terms, each with the weight of the best field it appears in. */
function documentTerms<D>(doc: D, fields: ReadonlyArray<TextField<D>>): Map<string, number> {
  const out = new Map<string, number>();
  for (const field of fields) {
    const text = field.get(doc);
    if (!text) continue;
    for (const term of terms(text)) if (field.boost > (out.get(term) ?? 0)) out.set(term, field.boost);
  }
  return out;
}

/**
 * Documents by position. Immutable: `withChanges` makes the index of a new version of the documents from this one's
 * work, in time proportional to the changes (plus a copy of one byte per document), instead of indexing every
 * document again (1.1-1.6 s at 100k listings).
 */
export class TextIndex<D> {
  private readonly shared: Shared<D>;
  private readonly changes: Changes | undefined;
  private readonly documents: readonly D[];
  private readonly size: number;
  // Scratch space reused by every query: how many query words each document has matched, and its score.
  private scratch: { matched: Uint8Array; best: Float64Array; score: Float64Array } | undefined;

  /** Indexes every document. */
  constructor(documents: readonly D[], fields: ReadonlyArray<TextField<D>>);
  /** A version made by withChanges (not for use elsewhere). */
  constructor(documents: readonly D[], shared: Shared<D>, changes: Changes);
  constructor(documents: readonly D[], fieldsOrShared: ReadonlyArray<TextField<D>> | Shared<D>, changes?: Changes) {
    this.documents = documents;
    this.size = documents.length;
    if (!Array.isArray(fieldsOrShared)) {
      this.shared = fieldsOrShared as Shared<D>;
      this.changes = changes;
      return;
    }
    const fields = fieldsOrShared as ReadonlyArray<TextField<D>>;
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
    const start = new Int32Array(nTerms + 1);
    for (let k = 0; k < count; k++) start[tripleTerm[k]! + 1]!++;
    for (let t = 0; t < nTerms; t++) start[t + 1]! += start[t]!;
    const fill = start.slice(0, nTerms);
    const docs = new Int32Array(count);
    const weights = new Float32Array(count);
    for (let k = 0; k < count; k++) {
      const at = fill[tripleTerm[k]!]!++;
      docs[at] = tripleDoc[k]!;
      weights[at] = tripleWeight[k]!;
    }
    this.shared = {
      vocabulary: SearchableMap.from(vocabulary),
      nextTerm: nTerms,
      built: { start, docs, weights, size: documents.length, terms: nTerms },
      fields,
    };
    this.changes = undefined;
  }

  /**
   * The index of `documents`, a new version of this one's: at positions listed in `changed` a document changed (or,
   * past the new length, was removed); positions past this version's length are new. Every other position must hold
   * the same document as here. Undefined when so much has changed since this index's build that a new build is due
   * (left to whoever needs the index next).
   */
  withChanges(documents: readonly D[], changed: Iterable<number>): TextIndex<D> | undefined {
    const { shared } = this;
    const { built } = shared;
    const before = this.changes;
    const touched = new Set<number>();
    for (const p of changed) if (p < Math.max(this.size, documents.length)) touched.add(p);
    for (let p = this.size; p < documents.length; p++) touched.add(p);
    for (let p = documents.length; p < this.size; p++) touched.add(p);
    if ((before?.termsOf.size ?? 0) + touched.size > rebuildAfter(documents.length)) return undefined;

    const stale = before ? before.stale.slice() : new Uint8Array(built.size);
    const staleCount = new Map(before?.staleCount);
    const postings = new Map(before?.postings);
    const termsOf = new Map(before?.termsOf);
    // Posting lists shared with the version before are copied before their first change here.
    const own = new Set<number>();
    const list = (id: number) => {
      let entry = postings.get(id);
      if (!entry || !own.has(id)) {
        entry = entry ? { docs: entry.docs.slice(), weights: entry.weights.slice() } : { docs: [], weights: [] };
        postings.set(id, entry);
        own.add(id);
      }
      return entry;
    };

    for (const p of touched) {
      // What the document there had: its postings in the build, or among the changes.
      if (p < built.size && !stale[p]) {
        stale[p] = 1;
        // Not changed since the build, so the document here is the one the build indexed.
        for (const term of documentTerms(this.documents[p]!, shared.fields).keys()) {
          const id = shared.vocabulary.get(term)!;
          staleCount.set(id, (staleCount.get(id) ?? 0) + 1);
        }
      }
      for (const id of termsOf.get(p) ?? []) {
        const entry = list(id);
        const at = entry.docs.indexOf(p);
        entry.docs.splice(at, 1);
        entry.weights.splice(at, 1);
        if (!entry.docs.length) postings.delete(id);
      }
      termsOf.delete(p);
      // What it has now.
      if (p >= documents.length) continue;
      const ids: number[] = [];
      for (const [term, weight] of documentTerms(documents[p]!, shared.fields)) {
        let id = shared.vocabulary.get(term);
        if (id === undefined) shared.vocabulary.set(term, (id = shared.nextTerm++));
        const entry = list(id);
        entry.docs.push(p);
        entry.weights.push(weight);
        ids.push(id);
      }
      termsOf.set(p, ids);
    }
    return new TextIndex(documents, shared, { stale, staleCount, postings, termsOf });
  }

  /** The terms a query word matches, each with how good the match is (1 exact, less for prefix or typos). */
  private expand(word: string): Map<number, number> {
    const out = new Map<number, number>();
    const keep = (id: number, quality: number) => {
      if (quality > (out.get(id) ?? 0)) out.set(id, quality);
    };
    const { vocabulary } = this.shared;
    for (const [term, id] of vocabulary.atPrefix(word)) {
      keep(id, term.length === word.length ? 1 : PREFIX_WEIGHT * (word.length / term.length) + 0.1);
    }
    const maxEdits = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
    if (maxEdits > 0) {
      for (const [, [id, edits]] of vocabulary.fuzzyGet(word, maxEdits)) {
        if (edits > 0) keep(id, FUZZY_WEIGHT * (1 - edits / (word.length + 1)));
      }
    }
    // Best matches first: a document matched by several terms of one word scores with the best of them.
    return new Map([...out].sort((a, b) => b[1] - a[1]));
  }

  private documentFrequency(expansion: Map<number, number>): number {
    const { start, terms: builtTerms } = this.shared.built;
    const changes = this.changes;
    let df = 0;
    for (const id of expansion.keys()) {
      if (id < builtTerms) df += start[id + 1]! - start[id]! - (changes?.staleCount.get(id) ?? 0);
      df += changes?.postings.get(id)?.docs.length ?? 0;
    }
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
    const { start, docs, weights, terms: builtTerms } = this.shared.built;
    const stale = this.changes?.stale;
    const changed = this.changes?.postings;
    this.scratch ??= { matched: new Uint8Array(this.size), best: new Float64Array(this.size), score: new Float64Array(this.size) };
    const { matched, best, score } = this.scratch;
    const touched: number[] = [];
    // Document d, seen for word k: matched[d] is k + 1 once it has matched words 0..k. Per word, its best match counts
    // (`best`), whichever of the word's terms comes first, so the score does not depend on the vocabulary's order.
    const see = (d: number, k: number, value: number) => {
      const m = matched[d];
      if (m === k) {
        if (k === 0) touched.push(d);
        matched[d] = k + 1;
        best[d] = value;
      } else if (m === k + 1 && value > best[d]!) best[d] = value;
    };

    for (let k = 0; k < order.length; k++) {
      const w = order[k]!;
      const idf = Math.log(1 + this.size / Math.max(1, frequencies[w]!));
      for (const [id, quality] of expansions[w]!) {
        const factor = quality * idf;
        // The changed documents having this term (never also counted in the build's postings: those are stale).
        const extra = changed?.get(id);
        if (extra) for (let i = 0; i < extra.docs.length; i++) see(extra.docs[i]!, k, factor * extra.weights[i]!);
        if (id >= builtTerms) continue;
        const first = start[id]!;
        const end = start[id + 1]!;
        if (k > 0 && touched.length * 16 < end - first) {
          // Few candidates left, a long posting list: look each candidate up (the list is sorted by document).
          for (const d of touched) {
            if (matched[d]! < k || stale?.[d]) continue;
            const p = lowerBound(docs, first, end, d);
            if (p < end && docs[p] === d) see(d, k, factor * weights[p]!);
          }
          continue;
        }
        for (let p = first; p < end; p++) {
          const d = docs[p]!;
          if (matched[d]! >= k && !stale?.[d]) see(d, k, factor * weights[p]!);
        }
      }
      let any = false;
      for (const d of touched) {
        if (matched[d] !== k + 1) continue;
        score[d]! += best[d]!;
        any = true;
      }
      if (!any) break;
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
