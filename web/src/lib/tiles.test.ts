import { describe, expect, it } from 'vitest';
import { tileCountAt, tileUrls, zoomRangeWithin } from './tiles';

const cleveland = { south: 41.4, west: -81.8, north: 41.6, east: -81.5 };

describe('tiles for an area', () => {
  it('counts and lists the covering tiles per zoom', () => {
    expect(tileCountAt(cleveland, 0)).toBe(1);
    const urls = tileUrls(cleveland, 10, 11, '{z}/{x}/{y}');
    expect(urls).toHaveLength(tileCountAt(cleveland, 10) + tileCountAt(cleveland, 11));
    expect(urls[0]).toMatch(/^10\/\d+\/\d+$/);
    expect(new Set(urls).size).toBe(urls.length);
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
