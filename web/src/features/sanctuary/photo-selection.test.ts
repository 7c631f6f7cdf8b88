// The review form's photo rules: more than five in all refuses the whole selection; wrong types and photos over
// 5 MB are left out while the rest are kept.
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@ss/domain/constants';
import { addPhotos } from './photo-selection';

const photo = (name: string, type = 'image/jpeg', size = 1000) => ({ name, type, size });
const names = (list: Array<{ name: string }>) => list.map((p) => p.name);

describe('addPhotos', () => {
  it('adds up to five photos', () => {
    const result = addPhotos([photo('a')], [photo('b', 'image/png'), photo('c', 'image/webp'), photo('d'), photo('e')]);
    expect(result.tooMany).toBe(false);
    if (!result.tooMany) expect(names(result.photos)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses the whole selection when the total would exceed five', () => {
    expect(addPhotos([], ['1', '2', '3', '4', '5', '6'].map((n) => photo(n)))).toEqual({ tooMany: true });
    expect(addPhotos([photo('a'), photo('b'), photo('c')], [photo('d'), photo('e'), photo('f')])).toEqual({ tooMany: true });
  });

  it('leaves out photos over 5 MB and files that are not JPEG, PNG or WebP, keeping the others', () => {
    const big = photo('big', 'image/jpeg', MAX_PHOTO_BYTES + 1);
    const exactly = photo('exactly', 'image/png', MAX_PHOTO_BYTES);
    const gif = photo('anim', 'image/gif');
    const exe = photo('virus.jpg', '');
    const result = addPhotos([], [big, exactly, gif, exe]);
    expect(result.tooMany).toBe(false);
    if (result.tooMany) return;
    expect(names(result.photos)).toEqual(['exactly']);
    expect(names(result.tooLarge)).toEqual(['big']);
    expect(names(result.wrongType)).toEqual(['anim', 'virus.jpg']);
  });

  it('counts refused files towards the limit of five: the spec rejects the whole larger selection', () => {
    expect(addPhotos([photo('a')], [photo('b'), photo('c'), photo('d'), photo('e'), photo('f', 'image/gif')])).toEqual({ tooMany: true });
  });
});
