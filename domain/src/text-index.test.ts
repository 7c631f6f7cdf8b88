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
