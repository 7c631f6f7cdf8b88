import { describe, expect, it } from 'vitest';
import { tileCountAt, tileUrl, tileUrls, zoomRangeWithin } from './tiles';

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
});
