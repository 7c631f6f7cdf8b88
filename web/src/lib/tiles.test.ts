import { describe, expect, it } from 'vitest';
import { tileCountAt, tileUrl, tileUrls, tileZoomOffset, zoomRangeWithin } from './tiles';

const cleveland = { south: 41.4, west: -81.8, north: 41.6, east: -81.5 };

describe('tiles for an area', () => {
  it('counts and lists the covering tiles per zoom', () => {
    expect(tileCountAt(cleveland, 0)).toBe(1);
    const urls = tileUrls(cleveland, 10, 11, '{z}/{x}/{y}');
    expect(urls).toHaveLength(tileCountAt(cleveland, 10) + tileCountAt(cleveland, 11));
    expect(urls[0]).toMatch(/^10\/\d+\/\d+$/);
    expect(new Set(urls).size).toBe(urls.length);
  });
  it("fills a template as Leaflet's map does: the subdomain from x + y, {r} for double-size tiles", () => {
    const template = 'https://{s}.tiles.example.net/{z}/{x}/{y}{r}.png';
    // Leaflet: subdomains 'abc'[|x + y| % 3]; {r} is '@2x' on a high-resolution screen, '' otherwise.
    expect(tileUrl(template, 5, 9, 12, '')).toBe('https://a.tiles.example.net/5/9/12.png');
    expect(tileUrl(template, 5, 9, 13, '@2x')).toBe('https://b.tiles.example.net/5/9/13@2x.png');
    expect(tileUrl(template, 5, 10, 13, '')).toBe('https://c.tiles.example.net/5/10/13.png');
    const urls = tileUrls(cleveland, 10, 10, template, '@2x');
    expect(urls.every((u) => /^https:\/\/[abc]\.tiles\.example\.net\/10\/\d+\/\d+@2x\.png$/.test(u))).toBe(true);
    expect(new Set(urls.map((u) => u[8])).size).toBeGreaterThan(1);
  });
  it('goes as deep as the cap allows, and refuses an area too big for it', () => {
    const range = zoomRangeWithin(cleveland, 11, 2, 400, 18)!;
    expect(range.from).toBe(11);
    expect(range.count).toBeLessThanOrEqual(400);
    expect(range.count).toBe([...Array(range.to - 10).keys()].reduce((n, i) => n + tileCountAt(cleveland, 11 + i), 0));
    const usa = { south: 25, west: -124, north: 49, east: -67 };
    expect(zoomRangeWithin(usa, 10, 2, 400, 18)).toBeNull();
  });
  it('on a high-resolution screen, takes the next zoom\'s tiles from a server without double-size ones', () => {
    expect(tileZoomOffset('https://tile.openstreetmap.org/{z}/{x}/{y}.png', true)).toBe(1);
    expect(tileZoomOffset('https://tile.openstreetmap.org/{z}/{x}/{y}.png', false)).toBe(0);
    // A server with '@2x' tiles ({r}) is asked for those at the map's own zoom.
    expect(tileZoomOffset('https://{s}.tiles.example.net/{z}/{x}/{y}{r}.png', true)).toBe(0);
    const urls = tileUrls(cleveland, 10, 11, '{z}/{x}/{y}', '', 1);
    expect(urls).toHaveLength(tileCountAt(cleveland, 11) + tileCountAt(cleveland, 12));
    expect(new Set(urls.map((u) => u.split('/')[0]))).toEqual(new Set(['11', '12']));
    // The cap counts those tiles: four for each one at the map's zoom, so fewer levels fit.
    const sharp = zoomRangeWithin(cleveland, 11, 2, 400, 18, 1)!;
    expect(sharp.count).toBe([...Array(sharp.to - 10).keys()].reduce((n, i) => n + tileCountAt(cleveland, 12 + i), 0));
    const ohio = { south: 38.4, west: -84.8, north: 42, east: -80.5 };
    expect(zoomRangeWithin(ohio, 8, 2, 400, 18, 1)!.to).toBeLessThan(zoomRangeWithin(ohio, 8, 2, 400, 18, 0)!.to);
  });
});
