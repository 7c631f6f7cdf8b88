// Design documents (the store's views and validation functions) never leave through the replication proxies.
// Asking for one by id is refused by the policy (replication-policy.ts); these filters take them out of the
// answers that list documents: _all_docs, and _changes in each feed type the policy allows. Sequences
// (seq, last_seq) pass unchanged, so a device's checkpoint still points where the store's feed is.

export const isDesignId = (id: unknown): boolean => typeof id === 'string' && id.startsWith('_design/');

type Row = Record<string, unknown>;
const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A _changes answer of the normal or longpoll feed, `{results: […], last_seq}`, without design documents'
 * changes. Returns null when the text is not such an answer (the caller then withholds it rather than pass
 * on what it could not check).
 */
export function filterChangesBody(text: string): string | null {
  const body = parseObject(text);
  if (!body || !Array.isArray(body.results)) return null;
  const results = body.results.filter((r) => !(isObject(r) && isDesignId(r.id)));
  if (results.length === body.results.length) return text;
  return JSON.stringify({ ...body, results });
}

/**
 * An _all_docs answer without design documents. A range read drops their rows; a read by `keys` answers one
 * row per key in order, so a design document's row becomes the row of a key that is not there.
 */
export function filterAllDocsBody(text: string, byKeys: boolean): string | null {
  const body = parseObject(text);
  if (!body || !Array.isArray(body.rows)) return null;
  let changed = false;
  const rows: unknown[] = [];
  for (const row of body.rows) {
    const design = isObject(row) && (isDesignId(row.id) || isDesignId(row.key));
    if (!design) rows.push(row);
    else if (byKeys) rows.push({ key: row.key, error: 'not_found' });
    changed ||= design;
  }
  return changed ? JSON.stringify({ ...body, rows }) : text;
}

/**
 * One line of a continuous _changes feed: kept unless it is a design document's change. Blank lines are the
 * heartbeats and pass, as does the closing `{"last_seq": …}`. A line that is not JSON is dropped: it cannot
 * be checked, and the store writes none.
 */
export function keepChangesLine(line: string): boolean {
  if (line.trim() === '') return true;
  const change = parseObject(line);
  return change !== null && !isDesignId(change.id);
}

/**
 * Filters a continuous _changes feed line by line as it streams: each complete line goes on as soon as it
 * arrives (a heartbeat too, so the connection stays visibly alive); only an unfinished line waits for the
 * rest of itself.
 */
export function changesLineFilter(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  const emit = (lines: string[], controller: TransformStreamDefaultController<Uint8Array>) => {
    const kept = lines.filter(keepChangesLine);
    if (kept.length) controller.enqueue(encoder.encode(kept.map((l) => `${l}\n`).join('')));
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const lines = (pending + decoder.decode(chunk, { stream: true })).split('\n');
      pending = lines.pop()!;
      emit(lines, controller);
    },
    flush(controller) {
      const rest = pending + decoder.decode();
      if (rest === '') return;
      const kept = keepChangesLine(rest);
      if (kept) controller.enqueue(encoder.encode(rest));
    },
  });
}

function parseObject(text: string): Row | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}
