// A gzip-compressed NDJSON dump of a public database for a device's first sync: line 1 is
// {"update_seq": …, "doc_count": …}, then one document (with _rev) per line. Loading it with
// bulkDocs(new_edits: false) and continuing replication from update_seq is several times faster than a
// first replication from zero.
//
// Kept current change by change (issue 16) instead of rebuilt for every update_seq: filled once from a dump, then
// from this gateway's shared change feed of the database (public-feed.ts). The documents sit in buckets by id, each
// compressed on its own as raw deflate ending on a full flush; a change recompresses its bucket only, and the answer
// is the buckets' segments joined into one gzip stream (browsers read only the first member of a multi-member gzip,
// so it is one member: one header, the segments, a final empty block, and the CRC combined from the buckets').
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { CouchClient } from '@ss/couchdb/client';
import type { DbName } from '@ss/couchdb/definitions';
import { isDesignId } from './design-docs.ts';

export interface Snapshot {
  updateSeq: string | number;
  docCount: number;
  gzip: Buffer;
  etag: string;
}

const BUCKETS = 256;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final, empty, fixed-Huffman deflate block: ends the stream after the flushed segments. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

interface Segment {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** Plain Uint8Array views: where Node's Buffer meets the DOM lib (the scripts project), their types disagree. */
const bytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

function segment(text: string): Segment {
  const raw = bytes(Buffer.from(text));
  return { deflated: deflateRawSync(raw, { level: 6, finishFlush: constants.Z_FULL_FLUSH }), crc: crc32(raw), length: raw.length };
}

// ---- CRC-32 of two joined pieces from theirs (zlib's crc32_combine, over GF(2)) ---------------------------------

function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0; vector; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, matrix: Uint32Array) {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]!);
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and the length of B. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row >>> 0;
  gf2Square(even, odd);
  gf2Square(odd, even);
  let crc = crcA >>> 0;
  let len = lengthB;
  do {
    gf2Square(even, odd);
    if (len & 1) crc = gf2Times(even, crc);
    len = Math.floor(len / 2);
    if (!len) break;
    gf2Square(odd, even);
    if (len & 1) crc = gf2Times(odd, crc);
    len = Math.floor(len / 2);
  } while (len);
  return (crc ^ crcB) >>> 0;
}

/** One gzip member from segments made by segment(). */
export function joinSegments(segments: readonly Segment[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const s of segments) {
    crc = crc32Combine(crc, s.crc, s.length);
    length += s.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([bytes(GZIP_HEADER), ...segments.map((s) => bytes(s.deflated)), bytes(FINAL_BLOCK), bytes(trailer)]);
}

/** A document's id from its line (JSON.stringify of a document from the store, which begins with its _id). */
function idOfLine(line: string): string {
  const quoted = /^\{"_id":("(?:[^"\\]|\\.)*")/.exec(line);
  return quoted ? (JSON.parse(quoted[1]!) as string) : (JSON.parse(line) as { _id: string })._id;
}

/** A compressed bucket's documents by id, read back out of its segment. */
function linesOf(segment: Segment): Map<string, string> {
  // The segment ends on a flush, not a final block: inflated as far as it goes.
  const text = inflateRawSync(bytes(segment.deflated), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
  const lines = new Map<string, string>();
  for (const line of text.split('\n')) if (line) lines.set(idOfLine(line), line);
  return lines;
}

function bucketOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

export type LiveSnapshot = ReturnType<typeof createLiveSnapshot>;

interface Bucket {
  ids: Set<string>;
  /** Its documents' text by id, while it is being changed; null once compressed. */
  lines: Map<string, string> | null;
  segment: Segment | null;
}

/** How long after the last change the changed buckets are compressed again. */
const COMPRESS_AFTER_MS = 2000;

/**
 * The snapshot of one database, fed by `apply` (from the shared change feed, in order) after `fill` has dumped the
 * database once. Changes that arrive during the dump wait and are applied after it, in order, so a page read
 * before a change can never overwrite what the change brought. `onPut` sees every document put, dumped or changed.
 */
export function createLiveSnapshot(couch: CouchClient, db: DbName, { onPut }: { onPut?: (id: string, doc: object | null) => void } = {}) {
  // A bucket's documents as text only while it is being changed: once compressed, its text is let go and read back out
  // of its segment at its next change (at 100k listings the text was ~100 MB of the gateway's memory, the segments ~20).
  const buckets: Bucket[] = Array.from({ length: BUCKETS }, () => ({ ids: new Set(), lines: new Map(), segment: null }));
  let updateSeq: string | number = 0;
  let docCount = 0;
  let version = 0;
  let filling: Promise<void> | null = null;
  // Changes wait here until the first dump is in (they may arrive before it starts).
  let waiting: Array<[string, object | null, string | number]> | null = [];
  let built: { version: number; snapshot: Snapshot } | null = null;

  function put(id: string, doc: object | null) {
    if (isDesignId(id)) return;
    const bucket = buckets[bucketOf(id)]!;
    const had = bucket.ids.has(id);
    if (!doc && !had) return;
    if (!bucket.lines) {
      bucket.lines = bucket.segment ? linesOf(bucket.segment) : new Map();
      // Let go again, unless the filling's compression (or a first sync's snapshot) comes first.
      if (waiting === null) compressSoon();
    }
    if (doc) {
      bucket.lines.set(id, JSON.stringify(doc));
      bucket.ids.add(id);
    } else {
      bucket.lines.delete(id);
      bucket.ids.delete(id);
    }
    docCount += (doc ? 1 : 0) - (had ? 1 : 0);
    bucket.segment = null;
    version += 1;
    // Another copy kept from the same dump and changes, in the same order (search-directory.ts).
    onPut?.(id, doc);
  }

  /** Compresses a bucket (unless it is already) and lets its text go. */
  function settle(bucket: Bucket) {
    if (bucket.ids.size) bucket.segment ??= segment(`${[...bucket.lines!.values()].join('\n')}\n`);
    bucket.lines = null;
  }

  /** Compresses every bucket whose text is held, one per turn of the event loop, and lets its text go. */
  async function compress() {
    compressTimer = undefined;
    for (const bucket of buckets) {
      if (!bucket.lines) continue;
      settle(bucket);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Once changes have stopped for a moment: buckets changed since are compressed again and their text let go, whether or
   * not a first sync asks for the snapshot meanwhile (returning devices never do).
   */
  let compressTimer: ReturnType<typeof setTimeout> | undefined;
  function compressSoon() {
    clearTimeout(compressTimer);
    compressTimer = setTimeout(() => void compress(), COMPRESS_AFTER_MS);
    compressTimer.unref?.();
  }

  return {
    /** Dumps the database once; `since` is the sequence the change feed follows from (read before the dump). */
    fill(since: string | number): Promise<void> {
      filling ??= (async () => {
        updateSeq = since;
        for await (const chunk of couch.dump(db)) {
          if ('docs' in chunk) for (const doc of chunk.docs) put((doc as { _id: string })._id, doc);
        }
        const queued = waiting ?? [];
        waiting = null;
        for (const [id, doc, seq] of queued) {
          put(id, doc);
          updateSeq = seq;
        }
        version += 1;
        void compress();
      })();
      // A dump that failed (the store went away) is tried again by the next caller.
      filling.catch(() => {
        filling = null;
      });
      return filling;
    },

    /** One change from the feed: the document as it now is, or null when deleted. */
    apply(id: string, doc: object | null, seq: string | number) {
      if (waiting) {
        waiting.push([id, doc, seq]);
        return;
      }
      put(id, doc);
      updateSeq = seq;
      version += 1;
    },

    ready: () => filling !== null && waiting === null,

    /**
     * Whether the database holds a (not deleted) document with this id, as of the feed's last change; false until
     * the first dump is in. A yes is as good as the store's; a no may only be not yet, so callers ask the store then.
     */
    holds: (id: string): boolean => waiting === null && buckets[bucketOf(id)]!.ids.has(id),

    /** The current snapshot (waits for the first dump): only changed buckets are compressed again. */
    async current(since?: string | number): Promise<Snapshot> {
      if (!filling && since !== undefined) void this.fill(since);
      if (!filling) throw new Error('The snapshot has not been filled');
      await filling;
      if (built?.version === version) return built.snapshot;
      const at = version;
      const head = segment(`${JSON.stringify({ update_seq: updateSeq, doc_count: docCount })}\n`);
      const segments = [head];
      for (const bucket of buckets) {
        if (!bucket.ids.size) continue;
        settle(bucket);
        segments.push(bucket.segment!);
      }
      const snapshot: Snapshot = { updateSeq, docCount, gzip: joinSegments(segments), etag: `"${db}-${String(updateSeq)}-${docCount}"` };
      built = { version: at, snapshot };
      return snapshot;
    },
  };
}
