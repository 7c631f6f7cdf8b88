// @vitest-environment jsdom
// The home page's snapshot: what it keeps of the page, and what it leaves out (the live map, banners and toasts of
// the moment), with its controls waiting for the app except the search box, and the sync status hidden in its place.
import { describe, expect, it } from 'vitest';
import { forgetHomeSnapshot, snapshotHtml } from './home-snapshot';

function page(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('snapshotHtml', () => {
  it('keeps the page, leaves out what is marked to be left out and empties what is marked to be emptied', () => {
    const root = page(`
      <div data-snapshot="omit" role="alert">A new version is available.</div>
      <h1>Discover Animal Sanctuaries</h1>
      <div data-snapshot="empty" class="map-box"><div class="leaflet-pane"><img alt="tile"></div></div>
      <p role="status" data-snapshot="hide">Up to date</p>
      <article aria-label="Farm Sanctuary"><a href="/sanctuary/farm-sanctuary">Farm Sanctuary</a></article>`);
    const copy = page(snapshotHtml(root));
    expect(copy.querySelector('[role="alert"]')).toBeNull();
    expect(copy.textContent).not.toContain('new version');
    expect(copy.querySelector('h1')?.textContent).toBe('Discover Animal Sanctuaries');
    const map = copy.querySelector('[data-snapshot="empty"]');
    expect(map).not.toBeNull();
    expect(map!.childNodes).toHaveLength(0);
    expect(copy.querySelector('article a')?.getAttribute('href')).toBe('/sanctuary/farm-sanctuary');
    const status = copy.querySelector<HTMLElement>('[role="status"]')!;
    expect(status.style.visibility).toBe('hidden');
    expect(status.textContent).toBe('Up to date');
  });

  it('makes every control but the search box inert, and leaves the page itself untouched', () => {
    const root = page(`
      <form role="search"><input type="search" placeholder="Enter city, state, or ZIP code"><button>Search</button></form>
      <select aria-label="Animal"><option>All</option></select>
      <input type="checkbox" aria-label="Open now"><textarea aria-label="Note"></textarea>
      <button aria-label="Save to favorites">♡</button>`);
    const copy = page(snapshotHtml(root));
    expect(copy.querySelector('input[type="search"]')!.hasAttribute('inert')).toBe(false);
    for (const selector of ['button', 'select', 'input[type="checkbox"]', 'textarea']) {
      for (const el of copy.querySelectorAll(selector)) expect(el.hasAttribute('inert'), selector).toBe(true);
    }
    expect(root.querySelector('button')!.hasAttribute('inert')).toBe(false);
  });
});

describe('forgetHomeSnapshot', () => {
  it('removes the saved page from localStorage, where the next cold start would read it', async () => {
    localStorage.setItem('ss-home-snapshot-v1', JSON.stringify({ build: '/assets/index-x.js', media: '(max-width: 767px)', matched: false, html: '<p>Ada Lovelace</p>' }));
    localStorage.setItem('ss-other', 'kept');
    await forgetHomeSnapshot();
    expect(localStorage.getItem('ss-home-snapshot-v1')).toBeNull();
    expect(localStorage.getItem('ss-other')).toBe('kept');
  });
});
