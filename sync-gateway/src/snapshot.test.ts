// Unit tests of the snapshot's one-member gzip made of separately compressed segments.
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine, joinSegments } from './snapshot.ts';
import { constants, deflateRawSync } from 'node:zlib';

const segment = (text: string) => {
  const raw = Buffer.from(text);
  return { deflated: deflateRawSync(raw, { finishFlush: constants.Z_FULL_FLUSH }), crc: crc32(raw), length: raw.length };
};

describe('crc32Combine', () => {
  it('gives the CRC-32 of joined pieces from the pieces’ own', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
      { numRuns: 300 },
    );
  });
});

describe('joinSegments', () => {
  it('is one gzip member that inflates to the segments in order', () => {
    const texts = ['{"update_seq":7,"doc_count":2}\n', '{"_id":"a"}\n', '', '{"_id":"b","name":"é ✓"}\n'.repeat(500)];
    const gz = joinSegments(texts.map(segment));
    expect(gunzipSync(gz).toString()).toBe(texts.join(''));
    // One member: a reader that stops after the first member (as browsers do) still reads everything.
    expect(gz.subarray(10).includes(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);
  });
});
