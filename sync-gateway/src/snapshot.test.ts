// Unit tests of the snapshot's one-member gzip made of separately compressed segments.
import { crc32, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CouchClient } from '@ss/couchdb/client';
import type { DbName } from '@ss/couchdb/definitions';
import { crc32Combine, createLiveSnapshot, joinSegments } from './snapshot.ts';
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

describe('a live snapshot', () => {
  const doc = (id: string, n: number) => ({ _id: id, _rev: `${n}-x`, name: `Listing "${id}" ${n}`, note: 'é ✓' });
  const read = (gzip: Buffer) =>
    gunzipSync(gzip)
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { _id?: string; _rev?: string; update_seq?: unknown; doc_count?: number });

  it('keeps its documents compressed between changes and answers every change from the text it reads back out', async () => {
    const docs = Array.from({ length: 600 }, (_, i) => doc(`listing-${i}`, 1));
    const couch = {
      async *dump() {
        yield { updateSeq: 5 };
        yield { docs: docs.slice(0, 300) };
        yield { docs: [...docs.slice(300), { _id: '_design/app', views: {} }] };
      },
    } as unknown as CouchClient;
    const puts: string[] = [];
    const snapshot = createLiveSnapshot(couch, 'sanctuaries' as DbName, { onPut: (id) => puts.push(id) });
    await snapshot.fill(5);
    // Compressed a bucket a turn: after a few hundred turns, every bucket is.
    for (let i = 0; i < 300; i++) await new Promise((resolve) => setImmediate(resolve));
    const first = read((await snapshot.current()).gzip);
    expect(first[0]).toEqual({ update_seq: 5, doc_count: 600 });
    expect(first.slice(1).map((d) => d._id).sort()).toEqual(docs.map((d) => d._id).sort());

    // Changes to buckets whose text was let go: changed, deleted, added, deleted twice, deleted unknown.
    snapshot.apply('listing-7', doc('listing-7', 2), 6);
    snapshot.apply('listing-8', null, 7);
    snapshot.apply('listing-new', doc('listing-new', 1), 8);
    snapshot.apply('listing-8', null, 9);
    snapshot.apply('no-such', null, 10);
    const second = read((await snapshot.current()).gzip);
    expect(second[0]).toEqual({ update_seq: 10, doc_count: 600 });
    const byId = new Map(second.slice(1).map((d) => [d._id, d]));
    expect(byId.size).toBe(600);
    expect(byId.get('listing-7')).toEqual(doc('listing-7', 2));
    expect(byId.has('listing-8')).toBe(false);
    expect(byId.get('listing-new')).toEqual(doc('listing-new', 1));
    expect(byId.get('listing-9')).toEqual(doc('listing-9', 1));
    expect([snapshot.holds('listing-7'), snapshot.holds('listing-8'), snapshot.holds('listing-new'), snapshot.holds('_design/app')]).toEqual([true, false, true, false]);
    // Every document put was seen, the design document and the deletions of what was not there aside.
    expect(puts.length).toBe(600 + 3);
  });
});
