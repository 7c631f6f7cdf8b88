// @vitest-environment jsdom
// Loading a page's modules makes no Intl collator or date formatter. The first of each that a page makes loads ICU's
// data for it (7–15 ms on a desktop CPU, four times that on a phone: measured in Chromium here); made at module level,
// that time was added to the one long task that evaluates the app's modules before it starts. The name order makes none at
// all (domain/src/sort.ts); days and times are written out by hand (lib/format-time.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

function countIntl() {
  const made: string[] = [];
  for (const name of ['Collator', 'DateTimeFormat'] as const) {
    const Real = Intl[name];
    vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
      made.push(name);
      return new (Real as unknown as new (...a: unknown[]) => object)(...args);
    } as never);
  }
  return made;
}

describe("the first paint's modules", () => {
  it.each([
    ['a listing', () => import('./features/sanctuary/components/sanctuary-page')],
    ['the map', () => import('./features/map/components/map-page')],
    ['the home page', () => import('./router')],
    ['the directory', () => import('./data/sanctuary-directory')],
  ])('%s: imported without making an Intl collator or date formatter', async (_page, load) => {
    const made = countIntl();
    await load();
    expect(made).toEqual([]);
  });

  it('the name order sorts without making a collator', async () => {
    const made = countIntl();
    const { byName } = await import('@ss/domain/sort');
    expect(made).toEqual([]);
    const names = [{ name: 'Zoe' }, { name: 'farm 10' }, { name: 'Farm 9' }, { name: 'Édith' }].sort(byName).map((s) => s.name);
    expect(names).toEqual(['Édith', 'Farm 9', 'farm 10', 'Zoe']);
    expect(made).toEqual([]);
  });
});
