// The gateway's rendering of / with the store's listings (issue 13): the count and the first cards in name order,
// rendered by the app's server bundle once per change of the directory, one render at a time; the build's copy
// (undefined here) whenever that cannot be done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_MAX_RESULT_CARDS, MAP_SERVED_LIST_ITEMS } from '@ss/domain/constants';
import type { Sanctuary } from '@ss/domain/sanctuary';
import type { SearchDirectory } from '../search-directory.ts';
import type { CouchClient } from '@ss/couchdb/client';
import { homePage, layoutOf, listingPages, mapPage, serverBundle, webRoutes } from './web.ts';

interface Rendered {
  path: string;
  data: { preview: { total: number; first: Sanctuary[] } };
}
const calls = (): Rendered[] => ((globalThis as { __ssHomeRenders?: Rendered[] }).__ssHomeRenders ??= []);

// Stands in for web/dist-ssr/prerender.js: records what it was asked, fails for a listing named "Broken".
const BUNDLE = `
export async function renderPage(path, data) {
  (globalThis.__ssRenderEvents ??= []).push('start ' + path);
  await new Promise((r) => setTimeout(r, 20));
  globalThis.__ssRenderEvents.push('end ' + path);
  (globalThis.__ssHomeRenders ??= []).push({ path, data });
  if (data.sanctuary) {
    if (data.sanctuary.name === 'Broken') throw new Error('cannot render');
    return '<main><h1>' + data.sanctuary.name + '</h1>' + (data.sanctuary.phone ?? '') + '</main>';
  }
  if (data.mapList) return '<main>' + data.layout + ' ' + data.mapList.total + ' found: ' + data.mapList.first.map((s) => s.name).join(', ') + '</main>';
  if (!data.preview) return '<main>' + path + '</main>';
  if (data.preview.first.some((s) => s.name === 'Broken')) throw new Error('cannot render');
  return '<main>' + data.preview.total + ' sanctuaries: ' + data.preview.first.map((s) => s.name).join(', ') + '</main>';
}
`;

const sanctuary = (name: string) => ({ id: name.toLowerCase(), name, city: 'Ithaca', state: 'NY', latitude: 42.4, description: 'Long text' }) as Sanctuary;

function fakeDirectory(names: string[]) {
  const state = { seq: '1', sanctuaries: names.map(sanctuary), down: false };
  const directory: SearchDirectory = {
    current: () => Promise.reject(new Error('not used')),
    listing: () => (state.down ? Promise.reject(new Error('store down')) : Promise.resolve({ seq: state.seq, sanctuaries: state.sanctuaries })),
    follower: () => ({ put: () => undefined, readyWhen: () => undefined }),
  };
  return { state, directory };
}

let dir: string;
let bundle: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-home-'));
  bundle = path.join(dir, 'prerender.js');
  fs.writeFileSync(bundle, BUNDLE);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const NAMES = ['Alpha Farm', 'Bravo Rescue', 'Charlie Ranch', 'Delta Haven', 'Echo Acres', 'Foxtrot Refuge', 'Golf Meadow', 'Hotel Hollow'];

describe('the server-rendered home page', () => {
  it('renders / with the count and the first cards, once per change of the directory', async () => {
    const { state, directory } = fakeDirectory(NAMES);
    const home = homePage(serverBundle(bundle), directory, () => undefined);
    const before = calls().length;
    const first = await home();
    expect(first?.html).toBe(`<main>8 sanctuaries: ${NAMES.slice(0, HOME_MAX_RESULT_CARDS).join(', ')}</main>`);
    expect(first?.data).toMatchObject({ preview: { total: 8, first: NAMES.slice(0, HOME_MAX_RESULT_CARDS).map(sanctuary) } });
    expect(calls().at(-1)?.path).toBe('/');
    // Unchanged directory: the same HTML, no new render; concurrent requests after a change share one render.
    expect(await home()).toBe(first);
    state.seq = '2';
    state.sanctuaries = ['Aardvark Acres', ...NAMES].map(sanctuary);
    const [a, b, c] = await Promise.all([home(), home(), home()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(a?.html).toContain('9 sanctuaries: Aardvark Acres, Alpha Farm');
    expect(calls().length - before).toBe(2);
  });

  it("answers undefined (the build's copy is served) when the bundle is missing, fails, or the store cannot be asked", async () => {
    const logged: string[] = [];
    const missing = homePage(serverBundle(path.join(dir, 'nope.js')), fakeDirectory(NAMES).directory, (l) => logged.push(l));
    expect(await missing()).toBeUndefined();

    const { state, directory } = fakeDirectory(['Broken', ...NAMES]);
    const home = homePage(serverBundle(bundle), directory, (l) => logged.push(l));
    expect(await home()).toBeUndefined();
    expect(await home()).toBeUndefined();
    // A failed render is not retried until the directory changes, and is logged once.
    expect(logged.filter((l) => l.includes('rendering / failed'))).toHaveLength(1);
    state.seq = '2';
    state.sanctuaries = NAMES.map(sanctuary);
    expect((await home())?.html).toContain('Alpha Farm');
    state.down = true;
    const down = homePage(serverBundle(bundle), fakeDirectory(NAMES).directory, () => undefined);
    expect(await down()).toBeDefined();
    expect(await homePage(serverBundle(bundle), directory, () => undefined)()).toBeUndefined();
  });

  it('renders one page at a time through the bundle (its data is module state while it renders)', async () => {
    const events = ((globalThis as { __ssRenderEvents?: string[] }).__ssRenderEvents ??= []);
    events.length = 0;
    const app = serverBundle(bundle);
    const pages = await Promise.all(['/a', '/b', '/c'].map((p) => app.render(p, {})));
    expect(pages).toEqual(['<main>/a</main>', '<main>/b</main>', '<main>/c</main>']);
    expect(events).toEqual(['start /a', 'end /a', 'start /b', 'end /b', 'start /c', 'end /c']);
  });
});

describe('the server-rendered map page', () => {
  it("renders /map with the count and the first lines of the list (name and place only), in the layout asked, once per change", async () => {
    const names = Array.from({ length: MAP_SERVED_LIST_ITEMS + 5 }, (_, i) => `Farm ${String(i).padStart(3, '0')}`);
    const { state, directory } = fakeDirectory(names);
    const app = serverBundle(bundle);
    const phone = mapPage(app, directory, () => undefined);
    const desktop = mapPage(app, directory, () => undefined, 'desktop');
    const before = calls().length;
    const first = await phone();
    expect(first?.html).toBe(`<main>phone ${names.length} found: ${names.slice(0, MAP_SERVED_LIST_ITEMS).join(', ')}</main>`);
    expect(first?.data).toEqual({
      layout: 'phone',
      mapList: { total: names.length, first: names.slice(0, MAP_SERVED_LIST_ITEMS).map((name) => ({ id: name.toLowerCase(), name, city: 'Ithaca', state: 'NY' })) },
    });
    expect((await desktop())?.html).toMatch(/^<main>desktop /);
    expect(calls().at(-1)?.path).toBe('/map');
    expect(await phone()).toBe(first);
    state.seq = '2';
    state.sanctuaries = ['Aardvark Acres', ...names].map(sanctuary);
    expect((await phone())?.html).toContain(`${names.length + 1} found: Aardvark Acres, Farm 000`);
    expect(calls().length - before).toBe(3);
  });

  it('chooses the layout from the mobile hint, else the user agent, else a phone', () => {
    const android = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7; rv:132.0) Gecko/20100101 Firefox/132.0';
    expect(layoutOf('?1', windows)).toBe('phone');
    expect(layoutOf('?0', android)).toBe('desktop');
    expect(layoutOf(undefined, android)).toBe('phone');
    expect(layoutOf(undefined, iphone)).toBe('phone');
    expect(layoutOf(undefined, windows)).toBe('desktop');
    expect(layoutOf(undefined, mac)).toBe('desktop');
    expect(layoutOf(undefined, 'curl/8.5.0')).toBe('phone');
    expect(layoutOf(undefined, undefined)).toBe('phone');
  });
});

describe('warming the rendered pages', () => {
  it('renders / and /map in both layouts at start, so the first visitor is served what was rendered then', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-warm-'));
    try {
      fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Sanctuary Seekers</title></head><body><div id="root"></div></body></html>');
      const { directory } = fakeDirectory(['Warm Farm']);
      // The reviews page cannot ask this store anything: it is left to be rendered (or served as built) when asked.
      const web = webRoutes(webDist, {} as CouchClient, { directory, ssrModule: bundle });
      const before = calls().length;
      web.warm();
      await expect.poll(() => calls().length - before).toBe(4);
      const warmed = calls().slice(before);
      expect(warmed.map((r) => `${r.path} ${(r.data as { layout?: string }).layout}`).sort()).toEqual(['/ desktop', '/ phone', '/map desktop', '/map phone']);
      const res = await web.request('/map', { headers: { 'sec-ch-ua-mobile': '?0' } });
      expect(await res.text()).toContain('<main>desktop 1 found: Warm Farm</main>');
      expect(calls().length - before).toBe(4);
    } finally {
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe("the server-rendered listing profile", () => {
  const farm = { id: 'alpha-farm', name: 'Alpha Farm', phone: '555-0100' } as Sanctuary;

  it('renders a listing with what the store says, keeps it while the listing and the minute stay the same, shares concurrent renders', async () => {
    let now = 1_000_000;
    const pages = listingPages(serverBundle(bundle), { ttlMs: 60_000, clock: () => now, log: () => undefined });
    const before = calls().length;
    const [a, b] = await Promise.all([pages(farm), pages(farm)]);
    expect(a).toBe('<main><h1>Alpha Farm</h1>555-0100</main>');
    expect(b).toBe(a);
    expect(calls().at(-1)).toMatchObject({ path: '/sanctuary/alpha-farm', data: { sanctuary: farm } });
    expect(await pages({ ...farm })).toBe(a);
    expect(calls().length - before).toBe(1);
    // A change to the listing is rendered at once; the clock moving on renders it again (open now, events).
    expect(await pages({ ...farm, phone: '555-0199' })).toBe('<main><h1>Alpha Farm</h1>555-0199</main>');
    expect(calls().length - before).toBe(2);
    now += 60_000;
    expect(await pages(farm)).toBe(a);
    expect(calls().length - before).toBe(3);
  });

  it('keeps at most the most recently asked renders', async () => {
    const pages = listingPages(serverBundle(bundle), { max: 2, log: () => undefined });
    const before = calls().length;
    const one = { ...farm, id: 'one' };
    const two = { ...farm, id: 'two' };
    const three = { ...farm, id: 'three' };
    await pages(one);
    await pages(two);
    await pages(one); // kept; now the most recent
    await pages(three); // drops two, the least recently asked
    expect(calls().length - before).toBe(3);
    await pages(one);
    expect(calls().length - before).toBe(3);
    await pages(two);
    expect(calls().length - before).toBe(4);
  });

  it('answers undefined (the facts are served) when the bundle is missing or the render fails, and logs the failure', async () => {
    const logged: string[] = [];
    expect(await listingPages(serverBundle(path.join(dir, 'nope.js')), { log: (l) => logged.push(l) })(farm)).toBeUndefined();
    const pages = listingPages(serverBundle(bundle), { log: (l) => logged.push(l) });
    expect(await pages({ ...farm, name: 'Broken' })).toBeUndefined();
    expect(logged.some((l) => l.includes('rendering the profile of alpha-farm failed'))).toBe(true);
    expect(await pages(farm)).toContain('Alpha Farm');
  });
});
