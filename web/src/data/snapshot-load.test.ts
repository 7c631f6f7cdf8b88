import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDb } from './local-db';
import { loadSnapshot, nextBatchSize, removeMissingDocs, SNAPSHOT_STALL_MS } from './snapshot-load';

describe('nextBatchSize', () => {
  it('grows a batch that wrote quickly, at most doubling it', () => {
    expect(nextBatchSize(100, 5)).toBe(200);
    expect(nextBatchSize(100, 10)).toBe(160);
  });

  it('shrinks a batch that took longer than the target, to the size that would have met it', () => {
    expect(nextBatchSize(100, 200)).toBe(10);
    expect(nextBatchSize(400, 100)).toBe(64);
  });

  it('stays between 10 and 2,500 documents', () => {
    expect(nextBatchSize(30, 10_000)).toBe(10);
    expect(nextBatchSize(2000, 1)).toBe(2500);
    expect(nextBatchSize(100, 0)).toBe(200);
  });
});

describe('loadSnapshot', () => {
  const docs = Array.from({ length: 60 }, (_, i) => ({ _id: `s${String(i).padStart(3, '0')}`, _rev: '1-a', name: `Sanctuary ${i}` }));
  const lines = docs.map((doc) => JSON.stringify(doc));

  /** The gateway's answer: the header line, then one line per document, in chunks that cut lines in two. */
  function serveSnapshot() {
    const body = `${JSON.stringify({ update_seq: '42-abc', doc_count: docs.length })}\n${lines.join('\n')}\n`;
    const chunks = body.match(/[\s\S]{1,37}/g)!;
    const fetchMock = vi.fn(async () => new Response(new Blob(chunks).stream(), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  function recordingDb() {
    const batches: object[][] = [];
    const db = { bulkDocs: vi.fn(async (batch: object[]) => void batches.push(batch)) } as unknown as LocalDb<object>;
    return { db, batches };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands every document over before writing any, then writes them all with new_edits false', async () => {
    const fetchMock = serveSnapshot();
    const { db, batches } = recordingDb();
    const order: string[] = [];
    const result = await loadSnapshot('sanctuaries', () => (order.push('open'), db), {
      onDocuments: (handed) => void order.push(`documents ${handed.length}`),
    });
    expect(fetchMock).toHaveBeenCalledWith('/db/sanctuaries/_snapshot', expect.anything());
    expect(result).toEqual({ updateSeq: '42-abc', docs: 60 });
    expect(order).toEqual(['documents 60', 'open']);
    expect(batches.flat()).toEqual(docs);
    expect(vi.mocked(db.bulkDocs).mock.calls.every(([, options]) => (options as { new_edits: boolean }).new_edits === false)).toBe(true);
    // On the page: a small first batch, each next one sized from the last one's time.
    expect(batches[0]).toHaveLength(25);
  });

  it('in a worker: written in the largest batches', async () => {
    serveSnapshot();
    const { db, batches } = recordingDb();
    await loadSnapshot('reviews', () => db, { batches: 'largest' });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual(docs);
  });

  /**
   * An answer whose body sends `sent` and then nothing more, as a stalled connection; it fails once the request is
   * aborted, as fetch's body does. `more` sends more of it, `end` ends it.
   */
  function serveStalling(sent: string) {
    let body!: ReadableStreamDefaultController<Uint8Array>;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            body = controller;
            controller.enqueue(new TextEncoder().encode(sent));
            init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
          },
        });
        return new Response(stream, { status: 200 });
      }),
    );
    return { more: (text: string) => body.enqueue(new TextEncoder().encode(text)), end: () => body.close() };
  }

  it('gives up a download that receives nothing for SNAPSHOT_STALL_MS, writing nothing', async () => {
    vi.useFakeTimers();
    serveStalling(`${JSON.stringify({ update_seq: '42-abc', doc_count: docs.length })}\n${lines[0]}\n`);
    const { db, batches } = recordingDb();
    const failed = expect(loadSnapshot('sanctuaries', () => db)).rejects.toThrow(/sanctuaries snapshot stalled/);
    await vi.advanceTimersByTimeAsync(SNAPSHOT_STALL_MS + 10);
    await failed;
    expect(batches).toEqual([]);
  });

  it('waits as long as bytes keep coming, however long the whole download takes, and writes what came', async () => {
    vi.useFakeTimers();
    const { more, end } = serveStalling(`${JSON.stringify({ update_seq: '42-abc', doc_count: docs.length })}\n`);
    const { db, batches } = recordingDb();
    const load = loadSnapshot('sanctuaries', () => db, { batches: 'largest' });
    // Four stall periods' time in all, a line arriving before each would end.
    for (const line of lines.slice(0, 3)) {
      await vi.advanceTimersByTimeAsync(SNAPSHOT_STALL_MS - 1000);
      more(`${line}\n`);
    }
    await vi.advanceTimersByTimeAsync(SNAPSHOT_STALL_MS - 1000);
    more(`${lines.slice(3).join('\n')}\n`);
    end();
    expect(await load).toEqual({ updateSeq: '42-abc', docs: docs.length });
    expect(batches).toEqual([docs]);
  });

  it('answers null, writing nothing, when the gateway has no snapshot', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not ready', { status: 503 })));
    const { db, batches } = recordingDb();
    expect(await loadSnapshot('sanctuaries', () => db)).toBeNull();
    expect(batches).toEqual([]);
  });
});

describe('removeMissingDocs', () => {
  function copyWith(ids: string[]) {
    const deleted: object[][] = [];
    const db = {
      allDocs: vi.fn(async () => ({ rows: ids.map((id, i) => ({ id, key: id, value: { rev: `${i + 1}-x` } })) })),
      bulkDocs: vi.fn(async (batch: object[]) => void deleted.push(batch)),
    } as unknown as LocalDb<object>;
    return { db, deleted };
  }

  it('deletes, at their current revisions, the documents the snapshot lacks, and keeps the rest', async () => {
    const { db, deleted } = copyWith(['a', 'b', 'c', 'd']);
    expect(await removeMissingDocs(db, new Set(['a', 'c']))).toBe(2);
    expect(deleted).toEqual([
      [
        { _id: 'b', _rev: '2-x', _deleted: true },
        { _id: 'd', _rev: '4-x', _deleted: true },
      ],
    ]);
  });

  it("leaves the device's own design documents alone, and writes nothing when nothing is missing", async () => {
    const { db, deleted } = copyWith(['_design/local-index', 'a']);
    expect(await removeMissingDocs(db, new Set(['a']))).toBe(0);
    expect(deleted).toEqual([]);
  });
});
