import { describe, expect, it } from 'vitest';
import { feedLines } from './feed-lines.ts';

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>) {
  const rows: unknown[] = [];
  for await (const row of feedLines(stream)) rows.push(row);
  return rows;
}

describe('feedLines', () => {
  it('yields one row a line across chunk boundaries, skipping heartbeats, and the last line without a newline', async () => {
    const rows = await all(body(['{"seq":1,"id":"a"}\n\n{"se', 'q":2,"id":"b"}\n', '\n', '{"last_seq":2}']));
    expect(rows).toEqual([{ seq: 1, id: 'a' }, { seq: 2, id: 'b' }, { last_seq: 2 }]);
  });

  it('keeps a multi-byte character split between chunks whole', async () => {
    const bytes = new TextEncoder().encode('{"id":"café"}\n');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 11));
        c.enqueue(bytes.slice(11));
        c.close();
      },
    });
    expect(await all(stream)).toEqual([{ id: 'café' }]);
  });

  it('throws on a line that is not JSON instead of skipping it', async () => {
    await expect(all(body(['{"seq":1}\nnot json\n']))).rejects.toThrow();
  });
});
