// Reads of many documents at once (a view, or `_all_docs` over a range) that must show what the caller has just
// written or seen. On a CouchDB cluster such a read is served from one copy of each shard, whichever answers first,
// and that copy may not hold yet a write the others acknowledged. Counts derived from it (a listing's review figures)
// would then stay wrong until the next change. Measured on the three-node cluster of
// tests/cluster: a first read was behind in 19 of 30 runs; the second read, 100 ms later, had caught up in 23 of 24
// cases and the third in the last. A single store (PouchDB Server, one CouchDB node) is never behind.

/** Ids the caller knows the state of: true when the read must include the id, false when it must not. */
export type Expected = ReadonlyMap<string, boolean>;

/** Reads after the first; the pauses before them are 100 ms, then twice as long each time (3.1 s in all). */
const MAX_READS = 6;
const FIRST_PAUSE_MS = 100;

/**
 * Runs `read` until the ids it gives (`idsOf`) agree with `expected`, and answers that read. After MAX_READS reads
 * that disagree it throws, naming the ids, so that the caller's own retry (a feed follower reading its batch again)
 * takes over rather than writing a count from a copy that is behind.
 */
export async function readCaughtUp<T>(read: () => Promise<T>, idsOf: (result: T) => Iterable<string>, expected: Expected, what: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const result = await read();
    if (!expected.size) return result;
    const shown = new Set(idsOf(result));
    const behind = [...expected].filter(([id, present]) => shown.has(id) !== present).map(([id]) => id);
    if (!behind.length) return result;
    if (attempt >= MAX_READS) throw new Error(`${what} does not show ${behind.join(', ')} as ${behind.length === 1 ? 'it is' : 'they are'} yet`);
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** (attempt - 1)));
  }
}
