// Name order for sanctuary lists: the device's, and the gateway's server-rendered home page, so both show the same
// first cards. The order a reader expects of a directory: letters A to Z whatever their case or accents ("Rancho
// Compasión" among the R's), numbers by value ("Farm 2" before "Farm 10"), spaces and punctuation before digits and
// digits before letters.
//
// Written out rather than asked of Intl.Collator: a page's first collator loads ICU's collation data, which measured
// 20–70 ms at full speed in this project's Chromium (four times that on a slow phone) inside the task that first sorts
// the directory. Folding a name costs a lowercase (and, for a name with non-ASCII letters, a canonical decomposition);
// sortByName folds each name once, not once per comparison.

/** Combining marks left by canonical decomposition (NFD): the accents of Latin letters. */
const MARKS = /[\u0300-\u036f]/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SPACES = /\s+/g;

/** A name without case or accents, its spaces collapsed. */
export function nameKey(name: string): string {
  const letters = PRINTABLE_ASCII.test(name) ? name : name.normalize('NFD').replace(MARKS, '');
  return letters.toLowerCase().trim().replace(SPACES, ' ');
}

const isDigit = (c: number) => c >= 48 && c <= 57;
/** ASCII's punctuation after '9' and 'Z' (`:;<=>?@`, `[\]^_` and backquote, `{|}~`) ranks with the punctuation before the digits. */
const rank = (c: number) => ((c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126) ? c - 80 : c);

/** Orders two folded names, runs of digits by their value. */
export function compareKeys(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      // Whole runs of digits: leading zeros skipped, then the longer run is the larger number, then digit by digit.
      let ea = i;
      let eb = j;
      while (ea < a.length && isDigit(a.charCodeAt(ea))) ea++;
      while (eb < b.length && isDigit(b.charCodeAt(eb))) eb++;
      let sa = i;
      let sb = j;
      while (sa < ea - 1 && a.charCodeAt(sa) === 48) sa++;
      while (sb < eb - 1 && b.charCodeAt(sb) === 48) sb++;
      if (ea - sa !== eb - sb) return ea - sa - (eb - sb);
      for (; sa < ea; sa++, sb++) {
        const d = a.charCodeAt(sa) - b.charCodeAt(sb);
        if (d) return d;
      }
      i = ea;
      j = eb;
      continue;
    }
    if (ca !== cb) return rank(ca) - rank(cb);
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}

export const byName = (a: { name: string }, b: { name: string }): number => compareKeys(nameKey(a.name), nameKey(b.name));

/** A new array of the items in name order (stable), each name folded once. */
export function sortByName<T extends { name: string }>(items: Iterable<T>): T[] {
  const keyed = Array.from(items, (item) => ({ key: nameKey(item.name), item }));
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  return keyed.map((k) => k.item);
}

/**
 * A list in name order (sortByName's), without the items in `gone` and with `added` put in their places: the same
 * order sortByName would give, but for ties between equal names (an added item goes after the names equal to its
 * own). Time proportional to the list plus the changes' logarithms, instead of folding and sorting every name.
 */
export function mendNameOrder<T extends { name: string }>(sorted: readonly T[], gone: ReadonlySet<T>, added: readonly T[]): T[] {
  const kept = gone.size ? sorted.filter((item) => !gone.has(item)) : sorted.slice();
  if (!added.length) return kept;
  const keyed = added.map((item) => ({ key: nameKey(item.name), item })).sort((a, b) => compareKeys(a.key, b.key));
  const out: T[] = [];
  let from = 0;
  for (const { key, item } of keyed) {
    // After every kept item whose name sorts at or before this one's.
    let lo = from;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(nameKey(kept[mid]!.name), key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = from; i < lo; i++) out.push(kept[i]!);
    out.push(item);
    from = lo;
  }
  for (let i = from; i < kept.length; i++) out.push(kept[i]!);
  return out;
}
