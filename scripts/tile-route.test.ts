import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { tileUrlPattern } = require('./tile-route.cjs') as { tileUrlPattern: (template?: string) => RegExp };
const config = require('../workbox.config.cjs') as { runtimeCaching: { urlPattern: unknown; options: { cacheName: string } }[] };

describe('the service worker route for map tiles', () => {
  it("is OpenStreetMap's tile server by default", () => {
    const pattern = tileUrlPattern(undefined);
    expect(pattern.test('https://tile.openstreetmap.org/12/1154/1572.png')).toBe(true);
    expect(pattern.test('https://example.org/?next=https://tile.openstreetmap.org/1/0/0.png')).toBe(false);
    expect(pattern.test('https://tile.openstreetmap.org.evil.example/1/0/0.png')).toBe(false);
  });

  it('follows a configured server, its subdomain letters and its path', () => {
    const pattern = tileUrlPattern('https://{s}.tiles.example.net/v2/streets/{z}/{x}/{y}@2x.png?key=abc');
    expect(pattern.test('https://b.tiles.example.net/v2/streets/5/9/12@2x.png?key=abc')).toBe(true);
    expect(pattern.test('https://tiles.example.net/v2/streets/5/9/12@2x.png')).toBe(false);
    expect(pattern.test('https://a.tiles.example.net/v2/account')).toBe(false);
    expect(pattern.test('https://a.other.example/v2/streets/5/9/12.png')).toBe(false);
  });

  it('matches a tile path on this site', () => {
    const pattern = tileUrlPattern('/tiles/{z}/{x}/{y}.png');
    expect(pattern.test('https://sanctuaries.example/tiles/3/1/2.png')).toBe(true);
    expect(pattern.test('https://sanctuaries.example/api/tiles')).toBe(false);
  });

  it('refuses a template without coordinates or address', () => {
    expect(() => tileUrlPattern('https://tile.example.org/tile.png')).toThrow(/\{z\}/);
    expect(() => tileUrlPattern('tiles/{z}/{x}/{y}.png')).toThrow(/http\(s\) URL or a path/);
  });

  it('is the map-tiles cache of the built service worker, which saved areas are written to', () => {
    const route = config.runtimeCaching.find((r) => r.options.cacheName === 'map-tiles');
    expect(route?.urlPattern).toBeInstanceOf(RegExp);
    expect(String(route?.urlPattern)).toBe(String(tileUrlPattern(process.env.VITE_TILE_URL)));
  });
});
