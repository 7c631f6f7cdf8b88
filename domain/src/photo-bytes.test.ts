import { describe, expect, it } from 'vitest';
import { sniffPhotoType } from './photo-bytes.ts';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

describe('sniffPhotoType', () => {
  it('recognises JPEG, PNG and WebP by their bytes', () => {
    expect(sniffPhotoType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffPhotoType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffPhotoType(bytes('MZ', [0x90, 0, 3, 0]))).toBeNull(); // a Windows executable
    expect(sniffPhotoType(bytes([0x7f], 'ELF', [2, 1, 1]))).toBeNull();
    expect(sniffPhotoType(bytes('GIF89a'))).toBeNull();
    expect(sniffPhotoType(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
    expect(sniffPhotoType(bytes([0xff, 0xd8]))).toBeNull();
  });
});
