import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { byName, compareKeys, mendNameOrder, nameKey, sortByName } from './sort';

const seedNames = (JSON.parse(readFileSync(new URL('../../couchdb/seed/default-sanctuaries.json', import.meta.url), 'utf8')) as { name: string }[]).map(
  (s) => s.name,
);
const sorted = (names: readonly string[]) => names.map((name) => ({ name })).sort(byName).map((s) => s.name);

describe('name order', () => {
  it("puts the seed's 332 listings in the order of ICU's collation (base strength, numeric)", () => {
    const icu = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    expect(seedNames.length).toBeGreaterThan(300);
    expect(sorted(seedNames)).toEqual([...seedNames].sort(icu.compare));
    expect(sorted([...seedNames].reverse())).toEqual(sorted(seedNames));
  });

  it('ignores case and accents, and reads numbers by value', () => {
    expect(sorted(['Zoe', 'farm 10', 'Farm 9', 'Édith', 'edgar', 'Farm 09b', 'Farm 9a'])).toEqual(['edgar', 'Édith', 'Farm 9', 'Farm 9a', 'Farm 09b', 'farm 10', 'Zoe']);
    expect(byName({ name: 'Rancho Compasión' }, { name: 'RANCHO COMPASION' })).toBe(0);
    expect(byName({ name: 'Farm  Haven ' }, { name: 'farm haven' })).toBe(0);
  });

  it('puts spaces and punctuation before digits, and digits before letters', () => {
    expect(sorted(['Ark B', 'Ark 2', 'Ark-A', 'Ark A', "Ark's", 'Ark_C', 'Ark'])).toEqual(['Ark', 'Ark A', 'Ark B', 'Ark_C', 'Ark-A', "Ark's", 'Ark 2'].sort((a, b) => compareKeys(nameKey(a), nameKey(b))));
    const order = sorted(['Ark 2', 'Ark-A', 'Ark_C', 'ArkB', 'Ark2']);
    expect(order.indexOf('Ark-A')).toBeLessThan(order.indexOf('Ark2'));
    expect(order.indexOf('Ark_C')).toBeLessThan(order.indexOf('Ark2'));
    expect(order.indexOf('Ark2')).toBeLessThan(order.indexOf('ArkB'));
  });

  it('is a consistent order: antisymmetric and transitive over mixed names', () => {
    const names = [...seedNames.slice(0, 60), 'Farm 1', 'Farm 01', 'farm 001a', 'Ñandú Refuge', 'nandu refuge', 'A~B', 'A{B', 'A@B', ''];
    for (const a of names) for (const b of names) expect(Math.sign(byName({ name: a }, { name: b }))).toBe(-Math.sign(byName({ name: b }, { name: a })) || 0);
    const order = sorted(names);
    for (let i = 1; i < order.length; i++) for (let j = i; j < order.length; j++) expect(byName({ name: order[i - 1]! }, { name: order[j]! })).toBeLessThanOrEqual(0);
  });

  it('sortByName gives the order of byName, keeps equal names in their order, and leaves its input alone', () => {
    const items = [...seedNames].reverse().map((name, i) => ({ name, i }));
    const before = items.map((x) => x.i);
    expect(sortByName(items).map((x) => x.name)).toEqual(sorted(seedNames));
    expect(items.map((x) => x.i)).toEqual(before);
    const twins = [{ name: 'Haven', i: 0 }, { name: 'HAVEN', i: 1 }, { name: 'Ark', i: 2 }, { name: 'havén', i: 3 }];
    expect(sortByName(new Set(twins)).map((x) => x.i)).toEqual([2, 0, 1, 3]);
  });

  it('mendNameOrder takes items out of a sorted list and puts others in, in the order sortByName gives', () => {
    const items = seedNames.map((name, i) => ({ name, i }));
    let list = sortByName(items);
    let all = new Set(items);
    let seed = 3;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let step = 0; step < 30; step++) {
      const gone = new Set([...all].filter(() => rnd() < 0.02));
      // New items, some with the names of items still there (ties go after them) and one given twice over.
      const added = Array.from({ length: Math.floor(rnd() * 8) }, (_, k) => ({ name: rnd() < 0.5 ? seedNames[Math.floor(rnd() * seedNames.length)]! : `Haven ${step}-${k}`, i: -1 }));
      list = mendNameOrder(list, gone, added);
      all = new Set([...all].filter((x) => !gone.has(x)).concat(added));
      expect(list.map((x) => nameKey(x.name))).toEqual(sortByName(all).map((x) => nameKey(x.name)));
      expect(new Set(list)).toEqual(all);
    }
    const a = { name: 'Ark' };
    const b = { name: 'Haven' };
    const c = { name: 'haven' };
    expect(mendNameOrder([a, b], new Set(), [c])).toEqual([a, b, c]);
    expect(mendNameOrder([a, b, c], new Set([b]), [])).toEqual([a, c]);
  });
});
