// Unit tests for taking design documents out of the listings the replication proxies pass on.
import { describe, expect, it } from 'vitest';
import { changesLineFilter, filterAllDocsBody, filterChangesBody, isDesignId, keepChangesLine } from './design-docs.ts';

const change = (seq: number, id: string, extra: object = {}) => ({ seq, id, changes: [{ rev: `1-${seq}` }], ...extra });

describe('isDesignId', () => {
  it('is the exact _design/ prefix', () => {
    expect(isDesignId('_design/sanctuaries')).toBe(true);
    expect(isDesignId('_design/')).toBe(true);
    for (const id of ['_designs', '_design', 'design/x', 'a_design/x', '_local/x', 1, null, undefined]) expect(isDesignId(id), String(id)).toBe(false);
  });
});

describe('normal and longpoll _changes answers', () => {
  const results = [change(1, 'a'), change(2, '_design/sanctuaries', { doc: { _id: '_design/sanctuaries', views: {} } }), change(3, 'b', { deleted: true })];

  it('drop design documents and keep every sequence as the store wrote it', () => {
    const out = JSON.parse(filterChangesBody(JSON.stringify({ results, last_seq: 3, pending: 0 }))!) as unknown;
    expect(out).toEqual({ results: [results[0], results[2]], last_seq: 3, pending: 0 });
  });

  it("read CouchDB's one-result-per-line layout as well as the embedded store's single line", () => {
    const couchLayout = `{"results":[\n${results.map((r) => JSON.stringify(r)).join(',\n')}\n],\n"last_seq":"3-g1AAAA","pending":0}\n`;
    expect(JSON.parse(filterChangesBody(couchLayout)!)).toEqual({ results: [results[0], results[2]], last_seq: '3-g1AAAA', pending: 0 });
  });

  it('keep a batch of only design documents as an empty batch with its last_seq (the checkpoint moves past it)', () => {
    expect(JSON.parse(filterChangesBody(JSON.stringify({ results: [results[1]], last_seq: 2 }))!)).toEqual({ results: [], last_seq: 2 });
  });

  it('pass an answer without design documents through unchanged', () => {
    const text = JSON.stringify({ results: [results[0]], last_seq: 1 });
    expect(filterChangesBody(text)).toBe(text);
  });

  it('refuse to vouch for anything that is not a changes answer', () => {
    for (const text of ['', '{', '[]', '{"rows":[]}', '{"results":{}}', 'null']) expect(filterChangesBody(text), text).toBeNull();
  });
});

describe('_all_docs answers', () => {
  const rows = [
    { id: '_design/sanctuaries', key: '_design/sanctuaries', value: { rev: '1-d' }, doc: { _id: '_design/sanctuaries', views: {} } },
    { id: 'a', key: 'a', value: { rev: '1-a' } },
  ];

  it('drop design documents from a range read, leaving total_rows and offset as the store said', () => {
    const out = JSON.parse(filterAllDocsBody(JSON.stringify({ total_rows: 2, offset: 0, rows }), false)!) as unknown;
    expect(out).toEqual({ total_rows: 2, offset: 0, rows: [rows[1]] });
  });

  it('answer a design document asked for by key as a key that is not there, keeping one row per key', () => {
    const out = JSON.parse(filterAllDocsBody(JSON.stringify({ total_rows: 2, rows: [rows[1], rows[0], { key: 'zz', error: 'not_found' }] }), true)!) as unknown;
    expect(out).toEqual({ total_rows: 2, rows: [rows[1], { key: '_design/sanctuaries', error: 'not_found' }, { key: 'zz', error: 'not_found' }] });
  });

  it('pass an answer without design documents through unchanged, and refuse anything else', () => {
    const text = JSON.stringify({ total_rows: 1, offset: 0, rows: [rows[1]] });
    expect(filterAllDocsBody(text, false)).toBe(text);
    for (const bad of ['', '{"results":[]}', '[1]']) expect(filterAllDocsBody(bad, false), bad).toBeNull();
  });
});

describe('continuous _changes feeds', () => {
  it('keeps heartbeats, ordinary changes and the closing last_seq; drops design documents and what is not JSON', () => {
    expect(keepChangesLine('')).toBe(true);
    expect(keepChangesLine(JSON.stringify(change(1, 'a')))).toBe(true);
    expect(keepChangesLine('{"last_seq":9,"pending":0}')).toBe(true);
    expect(keepChangesLine(JSON.stringify(change(2, '_design/x')))).toBe(false);
    expect(keepChangesLine('{"seq":3,"id":"_design/x"')).toBe(false);
  });

  it('passes each complete line on as it arrives, holding back only an unfinished one', async () => {
    const filter = changesLineFilter();
    const writer = filter.writable.getWriter();
    const reader = filter.readable.getReader();
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    const read = async () => decoder.decode((await reader.read()).value);

    const a = JSON.stringify(change(1, 'a'));
    const design = JSON.stringify(change(2, '_design/sanctuaries'));
    const b = JSON.stringify(change(3, 'café'));
    // A whole line, with the feed still open: it is delivered now, not when the feed ends.
    void writer.write(encoder.encode(`${a}\n`));
    expect(await read()).toBe(`${a}\n`);
    // A heartbeat alone.
    void writer.write(encoder.encode('\n'));
    expect(await read()).toBe('\n');
    // A design document's change, then a change split across chunks (and inside a multi-byte character).
    const bytes = encoder.encode(`${design}\n${b}\n`);
    const cut = bytes.indexOf(0xc3) + 1;
    void writer.write(bytes.slice(0, cut));
    void writer.write(bytes.slice(cut));
    expect(await read()).toBe(`${b}\n`);
    // The last line without its newline still arrives when the feed ends.
    void writer.write(encoder.encode('{"last_seq":3}'));
    void writer.close();
    expect(await read()).toBe('{"last_seq":3}');
    expect((await reader.read()).done).toBe(true);
  });
});
