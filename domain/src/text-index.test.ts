import { describe, expect, it } from 'vitest';
import { TextIndex, terms } from './text-index.ts';

const DOCS = [
  { title: 'Happy Trails Farm Animal Sanctuary', body: 'Rescued pigs and cows' },
  { title: 'Café Refuge', body: 'Goats, sheep & donkeys' },
  { title: 'Farm Sanctuary', body: 'The first farm animal sanctuary' },
  { title: 'Pig Palace', body: 'Potbellied pigs' },
];
const index = new TextIndex(DOCS, [
  { get: (d) => d.title, boost: 3 },
  { get: (d) => d.body, boost: 1 },
]);
const find = (q: string) => index.search(q).positions;

describe('text index', () => {
  it('splits text into folded words, leaving out single letters', () => {
    expect(terms('Café  Refuge—the A-Team, 44101!')).toEqual(['cafe', 'refuge', 'the', 'team', '44101']);
  });

  it('matches every word: exactly, as a prefix, or within 20% typos', () => {
    expect(find('farm sanctuary')).toEqual([0, 2]);
    expect(find('sanct')).toEqual([0, 2]);
    expect(find('sanctuery')).toEqual([0, 2]); // one typo in nine letters
    expect(find('snctuery')).toEqual([0, 2]); // two typos
    expect(find('pgi')).toEqual([]); // one typo is too many for three letters
    expect(find('pigs cows')).toEqual([0]);
    expect(find('cafe')).toEqual([1]);
    expect(find('CAFÉ refuge')).toEqual([1]);
    expect(find('zebra')).toEqual([]);
    expect(find('')).toEqual([]);
  });

  it('scores title matches above body matches, and exact above prefix', () => {
    const { positions, scores } = index.search('pig');
    const score = (p: number) => scores[positions.indexOf(p)]!;
    expect(positions).toEqual([0, 3]);
    expect(score(3)).toBeGreaterThan(score(0));
  });

  it('ignores little words unless they are all the query has', () => {
    expect(find('pigs in the farm')).toEqual([0]);
    expect(find('the')).toEqual([2]);
  });

  it('leaves no state behind between searches', () => {
    const first = index.search('farm');
    index.search('pigs cows');
    expect(index.search('farm')).toEqual(first);
  });
});

describe('a text index made from the version before', () => {
  // A seeded generator (mulberry32), so a failure repeats.
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const WORDS = ['farm', 'farms', 'farmer', 'pig', 'pigs', 'goat', 'goats', 'sanctuary', 'rescue', 'haven', 'ohio', 'oak', 'oaks', 'refuge', 'meadow', 'meadows'];
  type Doc = { title: string; body: string };
  const FIELDS = [
    { get: (d: Doc) => d.title, boost: 3 },
    { get: (d: Doc) => d.body, boost: 1 },
  ];
  const QUERIES = ['farm', 'farms', 'pig goat', 'sanctuery', 'mead', 'oak', 'haven rescue', 'refuge ohio farm', 'zzz', 'newword', 'newword pig'];

  it('answers every search exactly as one built afresh, through updates, additions and removals', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = random(seed);
      const pick = () => WORDS[Math.floor(rnd() * WORDS.length)]!;
      const doc = (): Doc => ({
        title: Array.from({ length: 1 + Math.floor(rnd() * 3) }, pick).join(' '),
        // Now and then a word no build has seen.
        body: Array.from({ length: Math.floor(rnd() * 6) }, () => (rnd() < 0.05 ? 'newword' : pick())).join(' '),
      });
      let docs = Array.from({ length: 5 + Math.floor(rnd() * 40) }, doc);
      let index = new TextIndex(docs, FIELDS);
      for (let step = 0; step < 12; step++) {
        const next = docs.slice();
        const changed = new Set<number>();
        for (let c = Math.floor(rnd() * 4); c > 0 && next.length; c--) {
          const kind = rnd();
          const at = Math.floor(rnd() * next.length);
          if (kind < 0.5) {
            next[at] = doc();
            changed.add(at);
          } else if (kind < 0.8) {
            // A new one; at a position a removal has just freed, it is a change there.
            next.push(doc());
            changed.add(next.length - 1);
          }
          else {
            // Removed: the last one takes its place, as the gateway's copy does it.
            next[at] = next[next.length - 1]!;
            next.pop();
            if (at < next.length) changed.add(at);
          }
        }
        index = index.withChanges(next, changed) ?? new TextIndex(next, FIELDS);
        docs = next;
        const fresh = new TextIndex(docs, FIELDS);
        for (const q of QUERIES) expect(index.search(q), `seed ${seed}, step ${step}, '${q}'`).toEqual(fresh.search(q));
      }
    }
  });

  it('leaves the version it was made from as it was', () => {
    const before = new TextIndex(DOCS, [{ get: (d) => d.title, boost: 3 }, { get: (d) => d.body, boost: 1 }]);
    const answer = before.search('pigs');
    const after = before.withChanges([...DOCS.slice(0, 3), { title: 'Cow Corner', body: 'cows only' }, { title: 'Pigs Place', body: '' }], [3])!;
    expect(after.search('pigs').positions).toEqual([0, 4]);
    expect(after.search('cows').positions).toEqual([0, 3]);
    expect(before.search('pigs')).toEqual(answer);
    expect(before.search('cows').positions).toEqual([0]);
  });

  it('leaves a new build to whoever needs it once an eighth of the documents have changed (at least a thousand)', () => {
    const docs = Array.from({ length: 1200 }, (_, i) => ({ title: `Doc ${i}`, body: 'farm' }));
    const index = new TextIndex(docs, [{ get: (d: { title: string }) => d.title, boost: 1 }]);
    const some = docs.map((d, i) => (i < 1000 ? { ...d, title: `Changed ${i}` } : d));
    expect(index.withChanges(some, Array.from({ length: 1000 }, (_, i) => i))).toBeDefined();
    const more = docs.map((d, i) => (i <= 1000 ? { ...d, title: `Changed ${i}` } : d));
    expect(index.withChanges(more, Array.from({ length: 1001 }, (_, i) => i))).toBeUndefined();
  });
});
